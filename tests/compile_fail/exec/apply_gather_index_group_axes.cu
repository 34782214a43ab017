// Must not compile: a register tile of bins without thread axes, gathered at cta scope: the group
// modes of the indices name no thread. With -DTIRX_FIXED it compiles: the fix (test
// compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a register index tile's modes in the group must be the scope's thread axes, each with stride 1 (warp: laneid; cta: warpid, laneid), so that each thread reads its own indices; give the index tile such a layout or pick the scope that fits}}
#include <tirx/tile.hpp>

namespace apply_gather_index_group_axes {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout bins_layout = layout_of<"S[(4, 32, 8) : (1@warpid, 1@laneid, 1)]">;
#else
constexpr TileLayout bins_layout = layout_of<"S[(4, 32, 8) : (256, 8, 1)]">;
#endif

__global__ void kernel() {
  auto hist = alloc_shared<unsigned, shape(256)>();
  auto bins = alloc_local<unsigned, shape(4, 32, 8), bins_layout>();
  tile::apply<ptx<"red.shared::cta.add.u32">>(hist.gather(bins), 1u, scope::cta);
}

} // namespace apply_gather_index_group_axes
