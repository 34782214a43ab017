// Must not compile: tile::pred(mask) takes a bool tensor (setp's result).
// With -DTIRX_FIXED it compiles: the mask comes from setp.
// expected-error {{tirx::tile::pred(mask): a predicate tensor holds bool elements (setp's destination); compare the values first, e.g. apply<ptx<"setp.ne.s32">>(mask, x, 0, scope)}}
#include <tirx/tile.hpp>

namespace pred_mask_not_bool {
using namespace tirx;

__global__ void kernel(const int* x, int* out) {
  auto a = alloc_local<int, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    a(i) = x[i];
#ifdef TIRX_FIXED
  auto m = alloc_local<bool, shape(4), row_major(shape(4))>();
  tile::apply<ptx<"setp.ne.s32">>(m, a, 0, scope::thread);
#else
  auto m = a;
#endif
  tile::apply<ptx<"add.s32">>(a, a, 1, scope::thread, tile::pred(m));
  out[0] = a(0);
}

} // namespace pred_mask_not_bool
