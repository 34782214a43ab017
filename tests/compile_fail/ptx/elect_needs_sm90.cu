// Must not compile for sm_80: elect.sync needs sm_90.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed)
// keeps the form out of older targets.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: "elect.sync" needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace elect_needs_sm90 {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 1) : (1@laneid, 1)]">;

__global__ void kernel(unsigned* out) {
  auto leader = alloc_local<unsigned, shape(32, 1), reg>();
  auto elected = alloc_local<bool, shape(32, 1), reg>();
  tile::ewise([] { return 0u; }, leader, scope::warp);
  tile::ewise([] { return false; }, elected, scope::warp);
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  tile::apply<ptx<"elect.sync">>(leader, elected, 0xffffffffu, scope::warp);
#endif
#else
  tile::apply<ptx<"elect.sync">>(leader, elected, 0xffffffffu, scope::warp);
#endif
  out[threadIdx.x] = leader.data()[0] + (elected.data()[0] ? 1u : 0u);
}

} // namespace elect_needs_sm90
