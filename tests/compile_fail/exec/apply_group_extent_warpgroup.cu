// Must not compile: a warpgroup tile of 2 warps; a warpgroup has 4.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the leading (group) modes must match the scope: warp (32, ...), warpgroup (4, 32, ...), cta (warps, 32, ...), cluster (ctas, warps, 32, ...); view<...>() the operand or pick the scope that fits}}
#include <tirx/tile.hpp>

namespace apply_group_extent_warpgroup {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr index_t warps = 4;
#else
constexpr index_t warps = 2;
#endif
constexpr TileLayout reg = S({warps, 32, 4}, {1 * wid_in_wg, 1 * laneid, 1});
using Tile = GlobalTensor<float, ShapeT<warps, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(warps, 32, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warpgroup);
}

} // namespace apply_group_extent_warpgroup
