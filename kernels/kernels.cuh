// Memory-bound kernels written with tirx the way a user would: elementwise
// maps, a copy, a broadcasting binary op, row reductions, softmax, RMSNorm
// and a transpose through shared memory. Each is a __global__ template on
// the data's alignment plus a host launcher that picks the widest vector the
// pointers allow (tirx::dispatch_align), so any size and any base pointer
// is handled. The benchmarks (benchmarks/) and the GPU size sweep
// (tests/kernels/gpu_kernels_sweep.cu) call these launchers.
//
// All launchers are asynchronous on `stream` and return the launch error.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace tirx_kernels {

// -- elementwise, over n elements ---------------------------------------------
inline cudaError_t copy(const float* x, float* y, long long n, cudaStream_t stream = 0);
inline cudaError_t add_one(const float* x, float* y, long long n, cudaStream_t stream = 0);
/// y = max(fma(x, 2, 1), 0)
inline cudaError_t affine_relu(const float* x, float* y, long long n, cudaStream_t stream = 0);
/// y = x / (1 + exp(-x))
inline cudaError_t silu(const float* x, float* y, long long n, cudaStream_t stream = 0);
/// round to nearest even
inline cudaError_t to_f16(const float* x, __half* y, long long n, cudaStream_t stream = 0);
inline cudaError_t to_bf16(const float* x, __nv_bfloat16* y, long long n, cudaStream_t stream = 0);

// -- broadcasting, over a rows x cols matrix (row-major, contiguous) ------------
/// y[r, c] = x[r, c] + bias[c]
inline cudaError_t add_bias(const float* x, const float* bias, float* y, long long rows,
                            long long cols, cudaStream_t stream = 0);

// -- row-wise ---------------------------------------------------------------------
/// y[r] = sum over c of x[r, c]
inline cudaError_t row_sum(const float* x, float* y, long long rows, long long cols,
                           cudaStream_t stream = 0);
/// y[r] = max over c of x[r, c]
inline cudaError_t row_max(const float* x, float* y, long long rows, long long cols,
                           cudaStream_t stream = 0);
/// y[r, :] = softmax(x[r, :])
inline cudaError_t softmax(const float* x, float* y, long long rows, long long cols,
                           cudaStream_t stream = 0);
/// y[r, c] = x[r, c] / sqrt(mean(x[r, :]^2) + eps) * w[c]
inline cudaError_t rmsnorm(const float* x, const float* w, float* y, long long rows, long long cols,
                           float eps = 1e-6f, cudaStream_t stream = 0);

// -- transpose ------------------------------------------------------------------
/// y (cols x rows) = x (rows x cols) transposed
inline cudaError_t transpose(const float* x, float* y, long long rows, long long cols,
                             cudaStream_t stream = 0);
/// the same, through a swizzled shared tile instead of a padded one
inline cudaError_t transpose_swizzled(const float* x, float* y, long long rows, long long cols,
                                      cudaStream_t stream = 0);

} // namespace tirx_kernels

#include "elementwise.cuh"
#include "rows.cuh"
#include "transpose.cuh"
