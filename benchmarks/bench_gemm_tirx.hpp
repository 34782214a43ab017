// The general GEMM's launches of the GEMM benchmark (bench_gemm_tirx.cu).
#pragma once

#include "../kernels/gemm/gemm_options.cuh"

#include <cuda_runtime_api.h>

namespace bench_gemm {

/// The storage orders of A and B, in BLAS's row-major names: t = A
/// row-major / B column-major (a linear layer, the fast path), n = the other.
enum class Layout { tn, nn, tt, nt };

/// tirx_kernels::gemm<MajorA, MajorB> (Epilogue<>) on bf16.
cudaError_t tirx_general(Layout layout, const tirx_kernels::GemmArgs<__nv_bfloat16>& g);
/// The same on fp16, TN.
cudaError_t tirx_general(const tirx_kernels::GemmArgs<__half>& g);
/// tirx_kernels::gemm_workspace_bytes of a bf16 TN call.
long long tirx_workspace_bytes(const tirx_kernels::GemmArgs<__nv_bfloat16>& g);
/// bf16 TN with the epilogue gelu_tanh(A B + bias[column]).
cudaError_t tirx_bias_gelu(const tirx_kernels::GemmArgs<__nv_bfloat16>& g);

} // namespace bench_gemm
