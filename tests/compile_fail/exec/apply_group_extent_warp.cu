// Must not compile: a two-warp (2, 32, 4) tile at warp scope, whose first mode must be the 32
// lanes. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the leading (group) modes must match the scope: warp (32, ...), warpgroup (4, 32, ...), cta (warps, 32, ...), cluster (ctas, warps, 32, ...); view<...>() the operand or pick the scope that fits}}
#include <tirx/tile.hpp>

namespace apply_group_extent_warp {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warp);
#endif
}

} // namespace apply_group_extent_warp
