// Must not compile for sm_80: the fp8 conversions need sm_89; every row of
// ptx/rows/cvt.def carries its oldest sm, and tirx refuses the form itself
// instead of leaving it to ptxas.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps
// the form out of older targets.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: "cvt.rn.satfinite.e4m3x2.f32" needs sm_89 or newer, and this device pass targets an older one; compile for sm_89 or newer (-arch=sm_89), or keep the call under #if __CUDA_ARCH__ >= 890 in code built for several targets}}
#include <tirx/tile.hpp>

namespace apply_needs_sm89_fp8 {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(float* data) {
  auto hi = alloc_local<float, shape(32, 2), reg>();
  auto lo = alloc_local<float, shape(32, 2), reg>();
  auto packed = alloc_local<unsigned short, shape(32, 2), reg>();
  tile::ewise([] { return 1.0f; }, hi, scope::warp);
  tile::ewise([] { return 2.0f; }, lo, scope::warp);
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 890
  tile::apply<ptx<"cvt.rn.satfinite.e4m3x2.f32">>(packed, hi, lo, scope::warp);
#endif
#else
  tile::apply<ptx<"cvt.rn.satfinite.e4m3x2.f32">>(packed, hi, lo, scope::warp);
#endif
  data[threadIdx.x] = static_cast<float>(packed.data()[0]);
}

} // namespace apply_needs_sm89_fp8
