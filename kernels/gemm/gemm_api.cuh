// The GEMM's public call without its kernels: a translation unit that
// includes this header alone and links tirx::kernels (kernels/CMakeLists.txt)
// calls the instantiations compiled there, and compiles in about a second.
//
//   #include "kernels/gemm/gemm_api.cuh"
//   tirx_kernels::GemmArgs<__nv_bfloat16> g{.m = m, .n = n, .k = k, .a = a, .b = b, .d = d};
//   tirx_kernels::gemm<Major::row, Major::col>(g, stream);
//
// tirx::kernels holds every (MajorA, MajorB) pair for bf16 and fp16 inputs,
// D in the input type or fp32, with the default epilogue (alpha, beta, C,
// no bias, no activation). Anything else (an Epilogue with a bias or a
// function) is a compile-time error here: include kernels/gemm/gemm.cuh
// instead, the header-only route, which compiles the kernels in the user's
// translation unit. A translation unit takes one route: gemm.cuh refuses to
// follow this header.
#pragma once

#include "gemm_options.cuh"

#include <cuda_runtime_api.h>

#include <type_traits>

namespace tirx_kernels::gemm_library {
/// The compiled instantiations (kernels/lib/gemm_*.cu): one per input type
/// and D type, the majors chosen at run time.
cudaError_t gemm_compiled(const GemmArgs<__nv_bfloat16, __nv_bfloat16>& g, Major a, Major b,
                          cudaStream_t stream);
cudaError_t gemm_compiled(const GemmArgs<__nv_bfloat16, float>& g, Major a, Major b,
                          cudaStream_t stream);
cudaError_t gemm_compiled(const GemmArgs<__half, __half>& g, Major a, Major b, cudaStream_t stream);
cudaError_t gemm_compiled(const GemmArgs<__half, float>& g, Major a, Major b, cudaStream_t stream);

template <class Epi, class T, class Out>
inline constexpr bool compiled = std::is_same_v<Epi, Epilogue<>> &&
                                 (std::is_same_v<T, __nv_bfloat16> ||
                                  std::is_same_v<T, __half>)&&(std::is_same_v<Out, T> ||
                                                               std::is_same_v<Out, float>);
} // namespace tirx_kernels::gemm_library

#if !defined(TIRX_KERNELS_GEMM_HEADER) // the header-only route defines gemm itself
#define TIRX_KERNELS_GEMM_API 1

namespace tirx_kernels {

/// D = alpha A B + beta C for g.batch GEMMs through tirx::kernels (see
/// kernels/gemm/gemm.cuh for the arguments and the results).
template <Major MajorA = Major::row, Major MajorB = Major::col, class Epi = Epilogue<>, class T,
          class Out>
cudaError_t gemm(const GemmArgs<T, Out>& g, cudaStream_t stream = 0, const Epi& = {}) {
  static_assert(
      gemm_library::compiled<Epi, T, Out>,
      "tirx_kernels::gemm (gemm_api.cuh): tirx::kernels holds bf16 and fp16 inputs with D "
      "in the input type or fp32 and the default Epilogue<>; include "
      "kernels/gemm/gemm.cuh instead for this call (its kernels then compile here)");
  return gemm_library::gemm_compiled(g, MajorA, MajorB, stream);
}

} // namespace tirx_kernels
#endif
