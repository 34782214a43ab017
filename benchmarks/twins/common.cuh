// Helpers of the hand-written CUDA twins (namespace cuda_twins::detail):
// alignment tests, the SM count, warp and block reductions.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace cuda_twins {
namespace detail {

__host__ __device__ __forceinline__ bool aligned(const void* p, std::uintptr_t bytes) {
  return reinterpret_cast<std::uintptr_t>(p) % bytes == 0;
}

/// Elements (of 4 bytes) from p up to the next 16-byte boundary, at most n:
/// the scalar head before a float4 body. p must be 4-byte aligned.
__host__ __device__ __forceinline__ long long head_to_16(const void* p, long long n) {
  const long long h =
      static_cast<long long>(((16 - (reinterpret_cast<std::uintptr_t>(p) & 15)) & 15) >> 2);
  return h < n ? h : n;
}

/// Multiprocessors of the current device (cached per device).
inline int sm_count() {
  static int cached[32] = {};
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || dev < 0)
    return 132;
  if (dev < 32 && cached[dev] > 0)
    return cached[dev];
  int sms = 0;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms <= 0)
    sms = 132;
  if (dev < 32)
    cached[dev] = sms;
  return sms;
}

inline unsigned blocks_for(long long work, long long per_block) {
  const long long b = (work + per_block - 1) / per_block;
  return static_cast<unsigned>(b < 1 ? 1 : b);
}

struct Sum {
  static constexpr float identity = 0.0f;
  __device__ __forceinline__ float operator()(float a, float b) const { return a + b; }
};
struct Max {
  static constexpr float identity = -__builtin_huge_valf();
  __device__ __forceinline__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

template <class Op> __device__ __forceinline__ float warp_reduce(float v, Op op) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1)
    v = op(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

/// All-reduce over the G threads of a row group, every thread gets the
/// result. G = 32: a warp, shuffles only. G > 32: the whole CTA (G ==
/// blockDim.x), shuffles then one round through `smem` (G / 32 floats; use
/// a separate buffer for each call of a kernel, so no second barrier is needed).
template <int G, class Op>
__device__ __forceinline__ float group_reduce(float v, Op op, float* smem) {
  v = warp_reduce(v, op);
  if constexpr (G > 32) {
    constexpr int warps = G / 32;
    const int lane = threadIdx.x & 31;
    if (lane == 0)
      smem[threadIdx.x >> 5] = v;
    __syncthreads();
    v = lane < warps ? smem[lane] : Op::identity;
    v = warp_reduce(v, op);
  } else {
    (void)smem;
  }
  return v;
}

} // namespace detail
} // namespace cuda_twins
