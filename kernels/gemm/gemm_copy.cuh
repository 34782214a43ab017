// The operand copy of the Hopper GEMM (kernels/gemm/gemm.cuh): an A or B
// that the TMA unit cannot read (a pointer off 16 bytes, rows or batch
// strides not whole 16 bytes: tma_takes) is copied first into a pitched
// workspace, rows of ceil(cols / 8) * 8 elements (16 bytes each chunk),
// batch after batch, at a 16-byte aligned base; the GEMM then reads the
// copy through TMA. The tensor map keeps the operand's own extents, so the
// pitch is the only change (the copy's padding is written with zeros).
//
// copy_pitched: one warp per row, in segments of 512 destination elements;
// lane l loads the source elements l, l + 32, ..., l + 480 of a segment
// (2-byte loads, consecutive lanes at consecutive addresses, any source
// alignment, each element read once), hands them through shared memory to
// the order of the destination, and stores 2 x 8 elements as two 16-byte
// stores. Memory-bound: a 4096 x 4095 bf16 operand is 33.5 MB read and as
// much written.
#pragma once

#include <tirx/core/config.hpp>

#include <cuda_runtime.h>

#include <cstdint>

namespace tirx_kernels::gemm_sm90 {

/// The pitch of an operand's copy: cols rounded up to 8 elements (16 bytes).
TIRX_HD inline long long copy_ld(long long cols) { return (cols + 7) / 8 * 8; }

/// The bytes of the copy of count matrices of rows x cols 16-bit elements,
/// rounded up to 256 (each copy of the workspace starts 256-byte aligned).
inline long long copy_bytes(long long count, long long rows, long long cols) {
  return (2 * count * rows * copy_ld(cols) + 255) / 256 * 256;
}

/// One operand to copy: count matrices of rows x cols (storage order:
/// cols contiguous), source rows ld apart and matrices stride apart; the
/// destination dense at the pitch copy_ld(cols).
struct CopyArgs {
  const uint16_t* src = nullptr;
  long long ld = 0, stride = 0;
  uint16_t* dst = nullptr;
  long long rows = 0, cols = 0, count = 1;
};

#if defined(__CUDACC__)
inline constexpr int copy_threads = 256, copy_segment = 512;

// (a template: one definition across translation units)
template <int Threads> __global__ void __launch_bounds__(Threads) copy_pitched(const CopyArgs c) {
  constexpr int per_lane = copy_segment / 32; // 16 loads in flight, 2 16-byte stores
  __shared__ __align__(16) uint16_t stage[Threads / 32][copy_segment];
  const int warp = static_cast<int>(threadIdx.x / 32), lane = static_cast<int>(threadIdx.x % 32);
  const long long pitch = copy_ld(c.cols), total = c.count * c.rows;
  for (long long row = blockIdx.x * static_cast<long long>(Threads / 32) + warp; row < total;
       row += static_cast<long long>(gridDim.x) * (Threads / 32)) {
    const long long mat = row / c.rows, r = row - mat * c.rows;
    const uint16_t* src = c.src + mat * c.stride + r * c.ld;
    uint16_t* dst = c.dst + row * pitch;
    for (long long col0 = 0; col0 < pitch; col0 += copy_segment) {
      uint16_t v[per_lane];
#pragma unroll
      for (int e = 0; e < per_lane; ++e) { // all loads first
        const long long col = col0 + e * 32 + lane;
        v[e] = col < c.cols ? src[col] : uint16_t{0};
      }
#pragma unroll
      for (int e = 0; e < per_lane; ++e)
        stage[warp][e * 32 + lane] = v[e];
      __syncwarp();
#pragma unroll
      for (int q = 0; q < 2; ++q) {
        const int at = 8 * (lane + 32 * q);
        if (col0 + at < pitch)
          *reinterpret_cast<uint4*>(dst + col0 + at) =
              *reinterpret_cast<const uint4*>(&stage[warp][at]);
      }
      __syncwarp(); // the stage is rewritten by the next segment
    }
  }
}

/// Launches copy_pitched for c on stream: one warp per row, a grid of at
/// most 8 blocks per SM (grid-stride beyond).
inline cudaError_t copy_operand(const CopyArgs& c, int sms, cudaStream_t stream) {
  const long long warps = c.count * c.rows, per_block = copy_threads / 32;
  const long long blocks = (warps + per_block - 1) / per_block, most = 8ll * (sms > 0 ? sms : 132);
  copy_pitched<copy_threads>
      <<<static_cast<unsigned>(blocks < most ? blocks : most), copy_threads, 0, stream>>>(c);
  return cudaGetLastError();
}
#endif

} // namespace tirx_kernels::gemm_sm90
