// Must not compile: st.bulk zeroes shared memory; a global tensor is the wrong state space.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed), a shared tile.
// tirx-fail: sm_100a
// expected-error {{tirx::bulk::zero: st.bulk writes shared memory; the tensor is a shared one (alloc_shared, SMEMPool)}}
#include <tirx/tile.hpp>

namespace st_bulk_not_shared {
using namespace tirx;

__global__ void kernel(float* out) {
#if __CUDA_ARCH__ >= 1000
#ifdef TIRX_FIXED
  __shared__ alignas(16) float buf[64];
  auto t = decl_tensor<Tensor<float, ShapeT<64>, MemScope::shared, 16>>(buf);
#else
  auto t = decl_tensor<GlobalTensor<float, ShapeT<64>, 16>>(out);
#endif
  bulk::zero(t);
#endif
  out[0] = 1.0f;
}

} // namespace st_bulk_not_shared
