// tirx::kernels: the GEMM of __nv_bfloat16 inputs and __nv_bfloat16 D (kernels/gemm/gemm_api.cuh).
#include "gemm_instances.cuh"

namespace tirx_kernels::gemm_library {
cudaError_t gemm_compiled(const GemmArgs<__nv_bfloat16, __nv_bfloat16>& g, Major a, Major b,
                          cudaStream_t stream) {
  return gemm_of_majors(g, a, b, stream);
}
} // namespace tirx_kernels::gemm_library
