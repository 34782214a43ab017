// Must not compile for sm_90a: redux.sync's f32 forms need sm_100a (tirx
// refuses the form itself instead of leaving it to ptxas).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed)
// keeps the form out of other targets.
// tirx-fail: nvcc sm_90a sm_90 gencode_90a sm_100a
// tirx-builds: gencode_100a
// expected-error {{tirx::tile::apply: "redux.sync.max.abs.f32" needs sm_100a, and this device pass lacks its features (it targets another architecture, or it is the compute_100 PTX pass that -arch=sm_100a also builds); compile with -gencode=arch=compute_100a,code=sm_100a, or keep the call under #if TIRX_HAS_SM100A (nvcc's __CUDA_ARCH_FEAT_SM100_ALL; __CUDA_ARCH__ is 1000 in both passes)}}
#include <tirx/tile.hpp>

namespace redux_f32_needs_sm100a {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(float* out) {
  auto values = alloc_local<float, shape(32, 2), reg>();
  auto largest = alloc_local<float, shape(32, 2), reg>();
  tile::ewise([] { return -1.0f; }, values, scope::warp);
  tile::ewise([] { return 0.0f; }, largest, scope::warp);
#ifdef TIRX_FIXED
#if TIRX_HAS_SM100A
  tile::apply<ptx<"redux.sync.max.abs.f32">>(largest, values, 0xffffffffu, scope::warp);
#endif
#else
  tile::apply<ptx<"redux.sync.max.abs.f32">>(largest, values, 0xffffffffu, scope::warp);
#endif
  out[threadIdx.x] = largest.data()[0];
}

} // namespace redux_f32_needs_sm100a
