// The kernels behind the PyTorch operators (see tirx_ops_kernels.h): the
// Hopper GEMM of kernels/gemm and the RMSNorm of kernels/rows.cuh, with the
// launchers' defaults (the GEMM: 3 stages, TMA-store epilogue, no cluster).
#include "tirx_ops_kernels.h"

#include "../../kernels/gemm/gemm_sm90.cuh"
#include "../../kernels/kernels.cuh"

namespace tirx_ops {

cudaError_t gemm_bf16_tn(const void* a, const void* b, void* d, int m, int n, int k,
                         cudaStream_t stream) {
  return tirx_kernels::gemm_bf16_tn(static_cast<const __nv_bfloat16*>(a),
                                    static_cast<const __nv_bfloat16*>(b),
                                    static_cast<__nv_bfloat16*>(d), m, n, k, stream);
}

cudaError_t rmsnorm_f32(const float* x, const float* w, float* y, long long rows, long long cols,
                        float eps, cudaStream_t stream) {
  return tirx_kernels::rmsnorm(x, w, y, rows, cols, eps, stream);
}

} // namespace tirx_ops
