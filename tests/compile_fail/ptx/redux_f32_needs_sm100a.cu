// Must not compile for sm_90a: redux.sync's f32 forms need sm_100a (tirx
// refuses the form itself instead of leaving it to ptxas).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed)
// keeps the form out of other targets.
// expected-error {{tirx::tile::apply: "redux.sync.max.abs.f32" needs sm_100a or newer, and this device compilation targets an older architecture; compile it for sm_100a (e.g. -gencode=arch=compute_NN,code=sm_NN), or keep the call out of older targets with #if __CUDA_ARCH__}}
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
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  tile::apply<ptx<"redux.sync.max.abs.f32">>(largest, values, 0xffffffffu, scope::warp);
#endif
#else
  tile::apply<ptx<"redux.sync.max.abs.f32">>(largest, values, 0xffffffffu, scope::warp);
#endif
  out[threadIdx.x] = largest.data()[0];
}

} // namespace redux_f32_needs_sm100a
