// Must not compile for sm_90a: the mixed-precision forms (fma.rn.f32.f16 and
// the other .f32.f16 / .f32.bf16 lines) need sm_100 (tirx refuses the form
// itself instead of leaving it to ptxas).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed)
// keeps the form out of older targets.
// tirx-fail: nvcc sm_90a sm_90 gencode_90a
// tirx-builds: sm_100
// expected-error {{tirx::tile::apply: "fma.rn.f32.f16" needs sm_100 or newer, and this device pass targets an older one; compile for sm_100 or newer (-arch=sm_100), or keep the call under #if __CUDA_ARCH__ >= 1000 in code built for several targets}}
#include <tirx/tile.hpp>

namespace mixed_needs_sm100 {
using namespace tirx;

__global__ void kernel(const __half* h, float* data) {
  auto a = alloc_local<__half, shape(1)>();
  auto c = alloc_local<float, shape(1)>();
  a.data()[0] = h[threadIdx.x];
  c.data()[0] = data[threadIdx.x];
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  tile::apply<ptx<"fma.rn.f32.f16">>(c, a, a, c, scope::thread);
#endif
#else
  tile::apply<ptx<"fma.rn.f32.f16">>(c, a, a, c, scope::thread);
#endif
  data[threadIdx.x] = c.data()[0];
}

} // namespace mixed_needs_sm100
