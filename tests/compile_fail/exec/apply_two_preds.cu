// Must not compile: two tile::pred options on one load.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: give at most one tile::pred(...); combine the conditions}}
#include <tirx/tile.hpp>

namespace apply_two_preds {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A, int n, int m) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(n > 0 && m > 0));
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(n > 0),
                                       tile::pred(m > 0));
#endif
}

} // namespace apply_two_preds
