// Must not compile: preserve_dst without a tile::pred: there is nothing to preserve.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: preserve_dst needs a predicate: add tile::pred(condition), or drop preserve_dst}}
#include <tirx/tile.hpp>

namespace apply_preserve_without_pred {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A, bool in_bounds) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(in_bounds),
                                       tile::preserve_dst);
#else
  (void)in_bounds;
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::preserve_dst);
#endif
}

} // namespace apply_preserve_without_pred
