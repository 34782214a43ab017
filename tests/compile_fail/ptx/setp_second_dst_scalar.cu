// Must not compile: with one operand more than setp.lt.s32 compares, the
// operand right after p is its second destination q: a bool register
// tensor, not a scalar.
// With -DTIRX_FIXED it compiles: two sources, p alone.
// expected-error {{tirx::tile::apply: this form writes a second destination right after the first (setp's p|q, shfl.sync's d|p, match.all's, elect.sync's): pass a register tensor of bool there (alloc_local<bool, ...>), shaped like the destination}}
#include <tirx/tile.hpp>

namespace setp_second_dst_scalar {
using namespace tirx;

__global__ void kernel(const int* x, int* out) {
  auto a = alloc_local<int, shape(4), row_major(shape(4))>();
  auto p = alloc_local<bool, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    a(i) = x[i];
#ifdef TIRX_FIXED
  tile::apply<ptx<"setp.lt.s32">>(p, a, 5, scope::thread);
#else
  tile::apply<ptx<"setp.lt.s32">>(p, 5, a, a, scope::thread);
#endif
  out[0] = p(0);
}

} // namespace setp_second_dst_scalar
