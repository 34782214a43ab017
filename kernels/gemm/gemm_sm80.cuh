// The launcher of the sm_80 GEMM (the kernel: gemm_sm80_kernel.cuh):
// D = A B^T, A (M x K) and B (N x K) bf16 or fp16, D of their type or fp32,
// all row-major. gemm_sm80_tn<Tiling> runs one tiling; gemm_sm80_bf16_tn
// and gemm_sm80_f16_tn the default one where the GPU gives a CTA its 192 KB
// of shared memory (sm_90, sm_100), and TilingK32 (96 KB) where it gives
// less (A100: 163 KB, sm_86 and sm_89: 99 KB).
#pragma once

#include "gemm_sm80_kernel.cuh"

#include <climits>
#include <stdexcept>
#include <string>

namespace tirx_kernels {
namespace gemm80 {
/// 128 x 256 x 64, 4 stages (192 KB), 8 warps of 64 x 64: one CTA per SM;
/// a stage's copies go out over all 4 of its k slices (the fastest copy
/// schedule on the H200, docs/gemm-sm80.md).
using DefaultTiling = Tiling<128, 256, 64, 4, 2, 4, 1, 4>;
/// The other tilings that benchmarks/bench_gemm_sm80.cu --tilings times and
/// tests/kernels/gpu_gemm_sm80.cu checks (all with 64 x 64 warp tiles).
using TilingC1 = Tiling<128, 256, 64, 4, 2, 4, 1, 1>;     // the copies in one slice
using TilingC2 = Tiling<128, 256, 64, 4, 2, 4, 1, 2>;     // in two
using TilingC3 = Tiling<128, 256, 64, 4, 2, 4, 1, 3>;     // in three (the default until 2026-12-03)
using TilingK64S3 = Tiling<128, 256, 64, 3, 2, 4>;        // 144 KB
using TilingK32 = Tiling<128, 256, 32, 4, 2, 4>;          // 96 KB, twice the barriers
using TilingK32S8 = Tiling<128, 256, 32, 8, 2, 4>;        // 192 KB
using TilingTall = Tiling<256, 128, 32, 4, 4, 2>;         // 96 KB
using TilingTallK64 = Tiling<256, 128, 64, 4, 4, 2>;      // 192 KB
using TilingSquare = Tiling<128, 128, 32, 4, 2, 2, 2>;    // 64 KB, 4 warps, 2 CTAs per SM
using TilingSquareK64 = Tiling<128, 128, 64, 3, 2, 2, 2>; // 96 KB, 4 warps, 2 CTAs per SM
} // namespace gemm80

/// D = A B^T on sm_80 and newer: a (m x k), b (n x k), d (m x n), all
/// row-major and contiguous; T = bf16 or half, TD = T or float. Refuses
/// (std::invalid_argument) k not a multiple of 8, A or B not 16-byte
/// aligned, D not aligned to two elements. Persistent: as many CTAs as fit
/// at once (at most max_ctas when given, e.g. to test the tile walk), each
/// walking its tiles. Asynchronous on stream.
template <class Cfg = gemm80::DefaultTiling, class T, class TD>
inline cudaError_t gemm_sm80_tn(const T* a, const T* b, TD* d, int m, int n, int k,
                                cudaStream_t stream = 0, int max_ctas = 0) {
  static_assert(cuda::std::is_same_v<T, nv_bfloat16> || cuda::std::is_same_v<T, half>,
                "gemm_sm80_tn: A and B are bf16 or half");
  static_assert(cuda::std::is_same_v<TD, T> || cuda::std::is_same_v<TD, float>,
                "gemm_sm80_tn: D is of A's type or float");
  if (m < 0 || n < 0 || k < 0 || k % 8 != 0)
    throw std::invalid_argument(
        "gemm_sm80_tn: m = " + std::to_string(m) + ", n = " + std::to_string(n) +
        ", k = " + std::to_string(k) +
        ": the rows of A and B (k elements) must be whole 16-byte chunks for cp.async, so k must "
        "be a multiple of 8 (pad A and B with zero columns), and no size may be negative");
#if !defined(__CUDA_ARCH__) // (nvcc's device pass sees host code too)
  tirx::require_align(16, tirx::alignment_of(16, a, b), "gemm_sm80_tn: A or B");
  tirx::require_align(static_cast<int>(2 * sizeof(TD)), tirx::alignment_of(16, d),
                      "gemm_sm80_tn: D");
#endif
  if (m == 0 || n == 0)
    return cudaSuccess;
  const long long tiles = (m + Cfg::bm - 1LL) / Cfg::bm * ((n + Cfg::bn - 1LL) / Cfg::bn);
  if (tiles > INT_MAX)
    throw std::invalid_argument("gemm_sm80_tn: more than 2^31 - 1 tiles of D");
  auto kernel = gemm80::gemm_tn<T, TD, Cfg>;
  static int fit = 0; // CTAs that run at once (one device)
  if (fit == 0) {
    cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(Cfg::smem_bytes));
    int dev = 0, sms = 0, per_sm = 0;
    if (e == cudaSuccess)
      e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
      e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e == cudaSuccess)
      e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Cfg::threads,
                                                        Cfg::smem_bytes);
    if (e != cudaSuccess)
      return e;
    fit = sms * (per_sm > 0 ? per_sm : 1);
  }
  const int most = max_ctas > 0 && max_ctas < fit ? max_ctas : fit;
  const int grid = static_cast<int>(tiles < most ? tiles : most);
  kernel<<<static_cast<unsigned>(grid), Cfg::threads, Cfg::smem_bytes, stream>>>(a, b, d, m, n, k);
  return cudaGetLastError();
}

namespace gemm80 {
/// DefaultTiling where this GPU lets a CTA have its shared memory, else
/// TilingK32 (the refusals are gemm_sm80_tn's, the same for both).
template <class T, class TD>
inline cudaError_t gemm_fitting(const T* a, const T* b, TD* d, int m, int n, int k,
                                cudaStream_t stream) {
  static int optin = -1; // the most shared memory a CTA may ask for (one device)
  if (optin < 0) {
    int dev = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
      e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    if (e != cudaSuccess)
      return optin = -1, e;
  }
  if (static_cast<unsigned>(optin) >= DefaultTiling::smem_bytes)
    return gemm_sm80_tn<DefaultTiling>(a, b, d, m, n, k, stream);
  return gemm_sm80_tn<TilingK32>(a, b, d, m, n, k, stream);
}
} // namespace gemm80

/// bf16 A, B; D bf16 or fp32.
template <class TD>
inline cudaError_t gemm_sm80_bf16_tn(const nv_bfloat16* a, const nv_bfloat16* b, TD* d, int m,
                                     int n, int k, cudaStream_t stream = 0) {
  return gemm80::gemm_fitting(a, b, d, m, n, k, stream);
}
/// fp16 A, B; D fp16 or fp32.
template <class TD>
inline cudaError_t gemm_sm80_f16_tn(const half* a, const half* b, TD* d, int m, int n, int k,
                                    cudaStream_t stream = 0) {
  return gemm80::gemm_fitting(a, b, d, m, n, k, stream);
}
} // namespace tirx_kernels
