// Must not compile: tile::pred on shfl.sync; a guarded-off lane would leave
// the rest of the warp waiting, so warp-collective instructions take none.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::pred cannot guard a warp-collective instruction (a guarded-off lane would leave the others waiting); branch around the whole warp, or use the member mask}}
#include <tirx/tile.hpp>

namespace apply_pred_on_collective {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(int n) {
  auto values = alloc_local<unsigned, shape(32, 4), reg>();
  tile::ewise([] { return 1u; }, values, scope::warp);
#ifdef TIRX_FIXED
  if (__all_sync(0xffffffffu, n > 0))
    tile::apply<ptx<"shfl.sync.bfly.b32">>(values, values, 1u, 0x1fu, 0xffffffffu, scope::warp);
#else
  tile::apply<ptx<"shfl.sync.bfly.b32">>(values, values, 1u, 0x1fu, 0xffffffffu, scope::warp,
                                         tile::pred(n > 0));
#endif
}

} // namespace apply_pred_on_collective
