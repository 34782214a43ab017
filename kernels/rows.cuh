// Row-wise kernels over a rows x cols matrix (row-major, contiguous):
// row_sum and row_max (one warp per row, warp shuffles), softmax and RMSNorm
// (one CTA per row; a row of up to 16384 floats stays in registers, so it
// is read once and written once; longer rows are read in chunks, twice).
// Softmax and RMSNorm keep at most 16 floats per thread and grow the CTA
// with the row instead: 256 threads up to 4096 columns, 512 up to 8192,
// 1024 up to 16384 (with 32 or 64 floats per thread, rows of 8192 and
// 16384 ran at 0.7 to 0.9 of the twins' bandwidth on the H200). RMSNorm's
// 1024-thread CTAs read the weights from shared memory, where each CTA
// stages them once (benchmarks/tune_rows.cu times the alternatives,
// including a row split over a cluster of two CTAs).
//
// The kernels: rows_kernels.cuh; here their launchers.
#pragma once

#include "rows_kernels.cuh"

namespace tirx_kernels {

namespace rows {
using namespace tirx;

/// Launches a warp-per-row reduction for the widest vector x and its rows
/// allow: kernel_for(integral_constant<int, Align>) names the kernel.
template <class KernelFor>
cudaError_t reduce(KernelFor kernel_for, const float* x, float* y, long long nrows, long long cols,
                   cudaStream_t s) {
  if (nrows <= 0)
    return cudaSuccess;
  return stream::with_alignment(tirx::alignment_of(16, x, cols * 4), [&](auto a) {
    constexpr int A = decltype(a)::value;
    kernel_for(a)<<<stream::grid_for((nrows + warps - 1) / warps), threads, 0, s>>>(
        tirx::grid_tensor<A>(x, nrows, cols), y);
  });
}

/// Launches rmsnorm_kernel<A, W, E, Ctas, Staged>: a row per cluster of
/// Ctas CTAs (per CTA when Ctas = 1), or, Staged, as many CTAs as stay
/// resident, each walking rows with its weights in shared memory.
template <int A, int W, int E, int Ctas = 1, bool Staged = false>
cudaError_t launch_rmsnorm(const GridTensor<const float, 2, A>& x,
                           const GridTensor<const float, 1, A>& w, const GridTensor<float, 2, A>& y,
                           float eps, cudaStream_t s) {
  constexpr auto kernel = rmsnorm_kernel<A, W, E, Ctas, Staged>;
  LaunchConfig cfg;
  cfg.block = dim3(W * 32);
  cfg.cluster = dim3(Ctas);
  cfg.stream = s;
  long long clusters = x.rows();
  if constexpr (Staged) {
    cfg.smem = staged_weight_bytes<W, E>;
    // the shared-memory opt-in and the occupancy query, once per thread and
    // device (a small call would otherwise pay them every time)
    struct Resident {
      int device = -1;
      long long ctas = 0;
    };
    static thread_local Resident cached;
    int dev = 0;
    if (cudaError_t e = cudaGetDevice(&dev); e != cudaSuccess)
      return e;
    if (cached.device != dev) {
      if (cfg.smem > 48 * 1024) {
        if (cudaError_t e = cudaFuncSetAttribute(
                kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(cfg.smem));
            e != cudaSuccess)
          return e;
      }
      int per_sm = 0, sms = 0;
      if (cudaError_t e =
              cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, W * 32, cfg.smem);
          e != cudaSuccess)
        return e;
      if (cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
          e != cudaSuccess)
        return e;
      cached = {dev, 1LL * (per_sm > 0 ? per_sm : 1) * sms / Ctas};
    }
    clusters = clusters < cached.ctas ? clusters : cached.ctas;
  }
  cfg.grid = dim3(stream::grid_for(clusters * Ctas)); // 2^30 at most: a multiple of Ctas
  return tirx::launch(cfg, kernel, x, w, y, eps);
}

/// A CTA shape for a row in registers: W warps, E elements per thread.
template <int W, int E> struct RowShape { static constexpr int warps = W, elems = E; };

/// Calls launch(RowShape<W, E>{}) with the smallest CTA shape whose
/// registers hold a row of cols: 8 warps with 4, 8 or 16 elements per
/// thread, then 16 and 32 warps with 16; false past 16384 columns.
template <class L> bool with_row_registers(long long cols, L&& launch) {
  bool done = false;
  auto one = [&](auto shape) {
    using Sh = decltype(shape);
    if (!done && cols <= 32LL * Sh::warps * Sh::elems) {
      launch(shape);
      done = true;
    }
  };
  one(RowShape<8, 4>{});
  one(RowShape<8, 8>{});
  one(RowShape<8, 16>{});
  one(RowShape<16, 16>{});
  one(RowShape<32, 16>{});
  return done;
}
} // namespace rows

// -- launchers ----------------------------------------------------------------

inline cudaError_t row_sum(const float* x, float* y, long long nrows, long long cols,
                           cudaStream_t s) {
  return rows::reduce([](auto a) { return rows::row_sum_kernel<decltype(a)::value>; }, x, y, nrows,
                      cols, s);
}

inline cudaError_t row_max(const float* x, float* y, long long nrows, long long cols,
                           cudaStream_t s) {
  return rows::reduce([](auto a) { return rows::row_max_kernel<decltype(a)::value>; }, x, y, nrows,
                      cols, s);
}

inline cudaError_t softmax(const float* x, float* y, long long nrows, long long cols,
                           cudaStream_t s) {
  if (nrows <= 0 || cols <= 0)
    return cudaSuccess;
  return stream::with_alignment(tirx::alignment_of(16, x, y, cols * 4), [&](auto a) {
    constexpr int A = decltype(a)::value;
    auto in = tirx::grid_tensor<A>(x, nrows, cols);
    auto out = tirx::grid_tensor<A>(y, nrows, cols);
    const bool in_registers = rows::with_row_registers(cols, [&](auto shape) {
      using Sh = decltype(shape);
      rows::softmax_kernel<A, Sh::warps, Sh::elems>
          <<<stream::grid_for(nrows), Sh::warps * 32, 0, s>>>(in, out);
    });
    if (!in_registers)
      rows::softmax_long_kernel<A><<<stream::grid_for(nrows), 1024, 0, s>>>(in, out);
  });
}

inline cudaError_t rmsnorm(const float* x, const float* w, float* y, long long nrows,
                           long long cols, float eps, cudaStream_t s) {
  if (nrows <= 0 || cols <= 0)
    return cudaSuccess;
  return stream::with_alignment(tirx::alignment_of(16, x, w, y, cols * 4), [&](auto a) {
    constexpr int A = decltype(a)::value;
    auto in = tirx::grid_tensor<A>(x, nrows, cols);
    auto weight = tirx::grid_tensor<A>(w, cols);
    auto out = tirx::grid_tensor<A>(y, nrows, cols);
    // rows of 8193 to 16384 (one 1024-thread CTA per SM): the weights staged in
    // shared memory, 5% faster than from L2 (benchmarks/tune_rows.cu)
    const bool in_registers = rows::with_row_registers(cols, [&](auto shape) {
      using Sh = decltype(shape);
      rows::launch_rmsnorm<A, Sh::warps, Sh::elems, 1, Sh::warps == 32>(in, weight, out, eps, s);
    });
    if (!in_registers)
      rows::rmsnorm_long_kernel<A><<<stream::grid_for(nrows), 1024, 0, s>>>(in, weight, out, eps);
  });
}

} // namespace tirx_kernels
