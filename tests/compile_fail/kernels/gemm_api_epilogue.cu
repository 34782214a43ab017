// Must not compile: the GEMM through tirx::kernels (gemm_api.cuh) with an
// epilogue the library does not hold (a ReLU with a column bias).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx_kernels::gemm (gemm_api.cuh): tirx::kernels holds bf16 and fp16 inputs with D in the input type or fp32 and the default Epilogue<>; include kernels/gemm/gemm.cuh instead for this call (its kernels then compile here)}}
#include "../../../kernels/gemm/gemm_api.cuh"

namespace gemm_api_epilogue {
using namespace tirx_kernels;
inline cudaError_t call(const GemmArgs<__nv_bfloat16>& g) {
#ifndef TIRX_FIXED
  return gemm<Major::row, Major::col>(g, 0, Epilogue<ewise::relu, Bias::column>{});
#else
  return gemm<Major::row, Major::col>(g, 0);
#endif
}
} // namespace gemm_api_epilogue
