// Must not compile for sm_90a: st.bulk needs sm_100.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps the call out of
// older targets.
// expected-error {{tirx::bulk::zero: st.bulk needs sm_100 or newer, and this device pass targets an older one; compile for sm_100 or newer (-arch=sm_100), or keep the call under #if __CUDA_ARCH__ >= 1000 in code built for several targets}}
#include <tirx/tile.hpp>

namespace st_bulk_needs_sm100 {
using namespace tirx;

__global__ void kernel(float* out) {
  __shared__ alignas(16) float buf[64];
  auto t = decl_tensor<Tensor<float, ShapeT<64>, MemScope::shared, 16>>(buf);
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  bulk::zero(t);
#endif
#else
  bulk::zero(t);
#endif
  out[0] = t(0);
}

} // namespace st_bulk_needs_sm100
