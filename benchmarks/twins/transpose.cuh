// Hand-written CUDA twin of the transpose of kernels/kernels.cuh.
//
// 64 x 64 tiles through shared memory, padded to 65 columns so that both
// the row-wise writes and the column-wise reads of the tile are free of
// bank conflicts. CTAs of 32 x 8 threads: each thread loads 2 x 8 elements
// (all 16 loads issued before the first shared store: 64 bytes in flight
// per thread), and each warp access is 32 consecutive floats of a row of x
// or of y (128 bytes, coalesced). Interior tiles skip the bounds checks.
// Any shape and any alignment (4-byte elements only). transpose_swizzled:
// the same with an unpadded 64 x 64 tile whose element (r, c) sits at
// r * 64 + (c ^ (r % 32)) (bank (r ^ c) % 32: conflict-free both ways).
#pragma once

#include "common.cuh"

#include <cuda_runtime.h>

namespace cuda_twins {
namespace detail {

inline constexpr int kTile = 64;
inline constexpr int kTileX = 32, kTileY = 8;

/// Offset of tile element (r, c) in shared memory: padded or swizzled.
template <bool Swizzled> __device__ __forceinline__ int at(int r, int c) {
  return Swizzled ? r * kTile + (c ^ (r & 31)) : r * (kTile + 1) + c;
}

template <bool Swizzled>
__global__ void __launch_bounds__(kTileX* kTileY)
    transpose_kernel(const float* __restrict__ x, float* __restrict__ y, long long rows,
                     long long cols) {
  constexpr int I = kTile / kTileX, J = kTile / kTileY; // 2 x 8 elements per thread
  __shared__ float tile[kTile * (kTile + 1)];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const long long c0 = static_cast<long long>(blockIdx.x) * kTile;
  for (long long r0 = static_cast<long long>(blockIdx.y) * kTile; r0 < rows;
       r0 += static_cast<long long>(gridDim.y) * kTile) {
    const bool full = r0 + kTile <= rows && c0 + kTile <= cols;
    // x[r0 + ty + 8j, c0 + tx + 32i] -> tile[ty + 8j][tx + 32i]
    const float* __restrict__ src = x + (r0 + ty) * cols + c0 + tx;
    float v[J][I];
    if (full) {
#pragma unroll
      for (int j = 0; j < J; ++j)
#pragma unroll
        for (int i = 0; i < I; ++i)
          v[j][i] = __ldg(src + j * kTileY * cols + i * kTileX);
    } else {
#pragma unroll
      for (int j = 0; j < J; ++j)
#pragma unroll
        for (int i = 0; i < I; ++i)
          v[j][i] = (r0 + ty + j * kTileY < rows && c0 + tx + i * kTileX < cols)
                        ? __ldg(src + j * kTileY * cols + i * kTileX)
                        : 0.0f;
    }
#pragma unroll
    for (int j = 0; j < J; ++j)
#pragma unroll
      for (int i = 0; i < I; ++i)
        tile[at<Swizzled>(ty + j * kTileY, tx + i * kTileX)] = v[j][i];
    __syncthreads();
    // y[c0 + ty + 8j, r0 + tx + 32i] = tile[tx + 32i][ty + 8j]
    float* __restrict__ dst = y + (c0 + ty) * rows + r0 + tx;
    if (full) {
#pragma unroll
      for (int j = 0; j < J; ++j)
#pragma unroll
        for (int i = 0; i < I; ++i)
          dst[j * kTileY * rows + i * kTileX] =
              tile[at<Swizzled>(tx + i * kTileX, ty + j * kTileY)];
    } else {
#pragma unroll
      for (int j = 0; j < J; ++j)
#pragma unroll
        for (int i = 0; i < I; ++i)
          if (c0 + ty + j * kTileY < cols && r0 + tx + i * kTileX < rows)
            dst[j * kTileY * rows + i * kTileX] =
                tile[at<Swizzled>(tx + i * kTileX, ty + j * kTileY)];
    }
    __syncthreads(); // the tile is reused by the next iteration
  }
}

template <bool Swizzled>
inline cudaError_t launch_transpose(const float* x, float* y, long long rows, long long cols,
                                    cudaStream_t stream) {
  if (rows < 0 || cols < 0)
    return cudaErrorInvalidValue;
  if (rows == 0 || cols == 0)
    return cudaSuccess;
  const long long col_tiles = (cols + kTile - 1) / kTile, row_tiles = (rows + kTile - 1) / kTile;
  if (col_tiles > 0x7fffffffLL)
    return cudaErrorInvalidValue;
  const unsigned grid_y =
      static_cast<unsigned>(row_tiles < 65535 ? row_tiles : 65535); // the kernel loops
  transpose_kernel<Swizzled>
      <<<dim3(static_cast<unsigned>(col_tiles), grid_y), dim3(kTileX, kTileY), 0, stream>>>(
          x, y, rows, cols);
  return cudaGetLastError();
}
} // namespace detail

/// y (cols x rows) = x (rows x cols) transposed
inline cudaError_t transpose(const float* x, float* y, long long rows, long long cols,
                             cudaStream_t stream = 0) {
  return detail::launch_transpose<false>(x, y, rows, cols, stream);
}
/// The same through a swizzled (unpadded) shared tile.
inline cudaError_t transpose_swizzled(const float* x, float* y, long long rows, long long cols,
                                      cudaStream_t stream = 0) {
  return detail::launch_transpose<true>(x, y, rows, cols, stream);
}

} // namespace cuda_twins
