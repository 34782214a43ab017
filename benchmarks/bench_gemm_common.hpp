// What the GEMM benchmark's two drivers share (bench_gemm.cu, the short
// rounds; bench_gemm_sustained.cu, the phases at the power limit), beside
// bench_fill.hpp's check and fill: cuBLAS's product for a layout of A and
// B, and the check of tirx's D against cuBLAS's.
#pragma once

#include "bench_fill.hpp"
#include "bench_gemm_tirx.hpp"

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

namespace bench_gemm {

/// The elements of tirx's D (hd) outside the bound around cuBLAS's (hr):
/// |d - ref| <= |ref| / 128 + sqrt(k) / 1024.
template <class T> long long mismatches(const std::vector<T>& hd, const std::vector<T>& hr, int k) {
  long long bad = 0;
  const double floor = std::sqrt(double(k)) / 1024.0;
  for (size_t i = 0; i < hd.size(); ++i) {
    const double g = static_cast<float>(hd[i]), w = static_cast<float>(hr[i]);
    bad += !(std::fabs(g - w) <= std::fabs(w) / 128.0 + floor);
  }
  return bad;
}

/// cuBLAS's D^T (n x m, column-major) = op(B) op(A) for a row-major D = A B.
template <class T>
void cublas_gemm(cublasHandle_t h, Layout layout, const T* a, long long lda, const T* b,
                 long long ldb, T* out, int m, int n, int k, float alpha) {
  constexpr cudaDataType type = std::is_same_v<T, __half> ? CUDA_R_16F : CUDA_R_16BF;
  const bool a_row = layout == Layout::tn || layout == Layout::nn;
  const bool b_col = layout == Layout::tn || layout == Layout::tt;
  const float zero = 0.0f;
  BENCH_GEMM_CHECK(cublasGemmEx(h, b_col ? CUBLAS_OP_T : CUBLAS_OP_N,
                                a_row ? CUBLAS_OP_N : CUBLAS_OP_T, n, m, k, &alpha, b, type,
                                static_cast<int>(ldb), a, type, static_cast<int>(lda), &zero, out,
                                type, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

/// bf16 TN through tirx_kernels::gemm with the fast path's configuration
/// forced (128 x 256 tiles, no split, A and B as given): the fast path's
/// kernel, 3 stages alone or 4 in clusters of 2 as
/// gemm_heuristic::fast_cluster picks.
inline tirx_kernels::GemmArgs<__nv_bfloat16> fast_path_args(const __nv_bfloat16* a,
                                                            const __nv_bfloat16* b,
                                                            __nv_bfloat16* d, int m, int n, int k) {
  tirx_kernels::GemmArgs<__nv_bfloat16> g{};
  g.m = m, g.n = n, g.k = k, g.a = a, g.lda = k, g.b = b, g.ldb = k, g.d = d;
  g.tile_n = 256, g.split = 1, g.tail_split = 1, g.swap_ab = 1;
  return g;
}

/// --sustained: phases of back-to-back launches at the power limit
/// (bench_gemm_sustained.cu). Returns the number of mismatches.
int sustained(cublasHandle_t h, double seconds);

} // namespace bench_gemm
