// Must not compile: st.bulk's size is a multiple of 8 bytes; three floats are 12.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed), four floats.
// tirx-fail: sm_100a
// expected-error {{tirx::bulk::zero: the tensor's bytes are a multiple of 8 (st.bulk's size); zero a larger tile or use plain stores}}
#include <tirx/tile.hpp>

namespace st_bulk_size {
using namespace tirx;

__global__ void kernel(float* out) {
#if __CUDA_ARCH__ >= 1000
  __shared__ alignas(16) float buf[4];
#ifdef TIRX_FIXED
  auto t = decl_tensor<Tensor<float, ShapeT<4>, MemScope::shared, 16>>(buf);
#else
  auto t = decl_tensor<Tensor<float, ShapeT<3>, MemScope::shared, 16>>(buf);
#endif
  bulk::zero(t);
#endif
  out[0] = 1.0f;
}

} // namespace st_bulk_size
