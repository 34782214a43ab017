// The body of tirx::kernels' GEMM instantiations (kernels/lib/gemm_*.cu):
// gemm_library::gemm_compiled for one input type T and D type Out, the
// four (MajorA, MajorB) pairs of the header-only tirx_kernels::gemm.
#pragma once

#include "../gemm/gemm.cuh"
#include "../gemm/gemm_api.cuh" // gemm_compiled's declarations

namespace tirx_kernels::gemm_library {

template <class T, class Out>
cudaError_t gemm_of_majors(const GemmArgs<T, Out>& g, Major a, Major b, cudaStream_t stream) {
  if (a == Major::row)
    return b == Major::col ? gemm<Major::row, Major::col>(g, stream)
                           : gemm<Major::row, Major::row>(g, stream);
  return b == Major::col ? gemm<Major::col, Major::col>(g, stream)
                         : gemm<Major::col, Major::row>(g, stream);
}

} // namespace tirx_kernels::gemm_library
