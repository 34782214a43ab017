// tirx::kernels: the GEMM of __half inputs and __half D (kernels/gemm/gemm_api.cuh).
#include "gemm_instances.cuh"

namespace tirx_kernels::gemm_library {
cudaError_t gemm_compiled(const GemmArgs<__half, __half>& g, Major a, Major b,
                          cudaStream_t stream) {
  return gemm_of_majors(g, a, b, stream);
}
} // namespace tirx_kernels::gemm_library
