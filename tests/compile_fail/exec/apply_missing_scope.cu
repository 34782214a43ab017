// Must not compile: no scope after the operands.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: missing scope: pass scope::thread, warp, warpgroup, cta or cluster right after the operands, e.g. apply<ptx<"add.f32">>(d, a, b, scope::cta)}}
#include <tirx/tile.hpp>

namespace apply_missing_scope {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A);
#endif
}

} // namespace apply_missing_scope
