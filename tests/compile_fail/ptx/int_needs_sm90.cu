// Must not compile for sm_80: min.relu.s32 needs sm_90.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: "min.relu.s32" needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace int_needs_sm90 {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto a = alloc_local<int32, shape(32, 4), reg>();
  tile::ewise([] { return -3; }, a, scope::warp);
#if !defined(TIRX_FIXED) || __CUDA_ARCH__ >= 900
  tile::apply<ptx<"min.relu.s32">>(a, a, 0u, scope::warp);
#endif
}

} // namespace int_needs_sm90
