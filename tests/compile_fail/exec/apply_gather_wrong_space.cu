// Must not compile: red.global on a histogram gathered from shared memory. With -DTIRX_FIXED it
// compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the memory operand's scope does not match the instruction: .global needs a global tensor, .shared a shared one, .local a local one; pick the spelling for the tensor's memory}}
#include <tirx/tile.hpp>

namespace apply_gather_wrong_space {
using namespace tirx;

constexpr TileLayout bins_layout = layout_of<"S[(32, 8) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto hist = alloc_shared<unsigned, shape(256)>();
  auto bins = alloc_local<unsigned, shape(32, 8), bins_layout>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"red.shared::cta.add.u32">>(hist.gather(bins), 1u, scope::warp);
#else
  tile::apply<ptx<"red.global.add.u32">>(hist.gather(bins), 1u, scope::warp);
#endif
}

} // namespace apply_gather_wrong_space
