// Must not compile: lo is an unsigned comparison (PTX has no setp.lo.s32);
// the report names the closest form tirx emits.
// With -DTIRX_FIXED it compiles: the signed spelling lt.
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "setp.lt.s32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace setp_unsupported {
using namespace tirx;

__global__ void kernel(const int* x, int* out) {
  auto a = alloc_local<int, shape(4), row_major(shape(4))>();
  auto p = alloc_local<bool, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    a(i) = x[i];
#ifdef TIRX_FIXED
  tile::apply<ptx<"setp.lt.s32">>(p, a, 0, scope::thread);
#else
  tile::apply<ptx<"setp.lo.s32">>(p, a, 0, scope::thread);
#endif
  out[0] = p(0);
}

} // namespace setp_unsupported
