// Must not compile: setp on .f16x2 always writes two predicates (p|q: the
// low and the high halves), so it takes q right after p.
// With -DTIRX_FIXED it compiles: q receives the high halves.
// expected-error {{tirx::tile::apply: wrong number of sources for the opcode (Given sources below, where it takes Min to Max, not counting the destination); pass the operands in PTX order: dst, a, b, ...}}
#include <tirx/tile.hpp>

namespace setp_packed_needs_q {
using namespace tirx;

__global__ void kernel(const unsigned* x, int* out) {
  auto a = alloc_local<unsigned, shape(4), row_major(shape(4))>();
  auto p = alloc_local<bool, shape(4), row_major(shape(4))>();
  auto q = alloc_local<bool, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    a(i) = x[i];
#ifdef TIRX_FIXED
  tile::apply<ptx<"setp.lt.f16x2">>(p, q, a, 0x3c003c00u, scope::thread);
#else
  tile::apply<ptx<"setp.lt.f16x2">>(p, a, 0x3c003c00u, scope::thread);
#endif
  out[0] = p(0) + q(0);
}

} // namespace setp_packed_needs_q
