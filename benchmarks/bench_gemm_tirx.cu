// The general GEMM's launches for bench_gemm.cu (kernels/gemm/gemm.cuh),
// in a translation unit of their own so that its six kernels compile beside
// the driver's: bf16 in the four layouts of A and B, fp16 TN, and bf16 TN
// with the bias + GELU(tanh) epilogue.
#include "bench_gemm_tirx.hpp"

#include "../kernels/gemm/gemm.cuh"

namespace bench_gemm {

using tirx_kernels::Bias;
using tirx_kernels::Epilogue;
using tirx_kernels::gemm;
using tirx_kernels::Major;

cudaError_t tirx_general(Layout layout, const tirx_kernels::GemmArgs<__nv_bfloat16>& g) {
  switch (layout) {
  case Layout::tn:
    return gemm<Major::row, Major::col>(g);
  case Layout::nn:
    return gemm<Major::row, Major::row>(g);
  case Layout::tt:
    return gemm<Major::col, Major::col>(g);
  default:
    return gemm<Major::col, Major::row>(g);
  }
}

cudaError_t tirx_general(const tirx_kernels::GemmArgs<__half>& g) {
  return gemm<Major::row, Major::col>(g);
}

long long tirx_workspace_bytes(const tirx_kernels::GemmArgs<__nv_bfloat16>& g) {
  return tirx_kernels::gemm_workspace_bytes(g);
}

cudaError_t tirx_bias_gelu(const tirx_kernels::GemmArgs<__nv_bfloat16>& g) {
  return gemm<Major::row, Major::col>(g, 0,
                                      Epilogue<tirx_kernels::ewise::gelu_tanh, Bias::column>{});
}

} // namespace bench_gemm
