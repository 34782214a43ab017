// Hand-written CUDA twins of the elementwise kernels (and add_bias) of
// kernels/kernels.cuh: the baseline tirx is measured against.
//
// Elementwise maps: CTAs of 256 threads; thread t of block b takes float4s
// b * 256U + u * 256 + t for u < U, loads all U (ld.global.nc.v4) before it
// computes and stores any, so U 16-byte loads per thread are in flight. U is
// 4 when the grid has at least two full waves of 8 CTAs per SM with it, else
// 2 or 1 (small sizes: more CTAs rather than more loads per thread). The
// float4 body starts at the first 16-byte boundary of x; the up to 3 elements
// before it (head) and the up to 3 after the last whole float4 (tail) are done
// by the first threads of block 0. When y is not aligned like x (y + head not
// 16-byte aligned, 8-byte for the 16-bit outputs) a scalar kernel (4 loads in
// flight per thread) runs instead.
//
// add_bias: 2-D blocks of 256 threads, TX along a row (a power of two up to
// 256, at least the float4s of a row), 256 / TX rows; each thread loads its
// bias float4 once and then R rows of x (R loads in flight). float4s when
// cols % 4 == 0 and x, y, bias are 16-byte aligned, else the same kernel on
// scalars.
#pragma once

#include "common.cuh"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstring>
#include <type_traits>

namespace cuda_twins {
namespace detail {

inline constexpr int kMapThreads = 256;

// -- the maps: scalar function, and a store of 4 results at vector index i ----------------
struct CopyOp {
  using Out = float;
  __device__ __forceinline__ static float apply(float x) { return x; }
};
struct AddOneOp {
  using Out = float;
  __device__ __forceinline__ static float apply(float x) { return x + 1.0f; }
};
struct AffineReluOp {
  using Out = float;
  __device__ __forceinline__ static float apply(float x) {
    return fmaxf(__fmaf_rn(x, 2.0f, 1.0f), 0.0f);
  }
};
struct SiluOp {
  using Out = float;
  // exp(-x) as ex2.approx(-x * log2 e); the fast division (div.full.f32), as tirx's
  __device__ __forceinline__ static float apply(float x) {
    return __fdividef(x, 1.0f + __expf(-x));
  }
};
struct ToF16Op {
  using Out = __half;
  __device__ __forceinline__ static __half apply(float x) { return __float2half_rn(x); }
};
struct ToBf16Op {
  using Out = __nv_bfloat16;
  __device__ __forceinline__ static __nv_bfloat16 apply(float x) { return __float2bfloat16_rn(x); }
};

/// y4[i] = op(v): one st.global.v4.f32, or for 16-bit outputs two cvt.rn
/// of pairs (f16x2 / bf16x2) and one st.global.v2.b32.
template <class Op>
__device__ __forceinline__ void store4(typename Op::Out* y, long long i, float4 v) {
  using Out = typename Op::Out;
  if constexpr (sizeof(Out) == 4) {
    reinterpret_cast<float4*>(y)[i] =
        make_float4(Op::apply(v.x), Op::apply(v.y), Op::apply(v.z), Op::apply(v.w));
  } else {
    uint2 packed;
    if constexpr (std::is_same_v<Out, __half>) {
      const __half2 lo = __floats2half2_rn(v.x, v.y), hi = __floats2half2_rn(v.z, v.w);
      std::memcpy(&packed.x, &lo, 4);
      std::memcpy(&packed.y, &hi, 4);
    } else {
      const __nv_bfloat162 lo = __floats2bfloat162_rn(v.x, v.y),
                           hi = __floats2bfloat162_rn(v.z, v.w);
      std::memcpy(&packed.x, &lo, 4);
      std::memcpy(&packed.y, &hi, 4);
    }
    reinterpret_cast<uint2*>(y)[i] = packed;
  }
}

/// x + head is 16-byte aligned, y + head aligned to 4 outputs.
template <class Op, int U>
__global__ void __launch_bounds__(kMapThreads)
    map_vec_kernel(const float* __restrict__ x, typename Op::Out* __restrict__ y, long long n,
                   int head) {
  const long long nvec = (n - head) >> 2;
  const float4* __restrict__ xv = reinterpret_cast<const float4*>(x + head);
  typename Op::Out* __restrict__ yv = y + head;
  const long long base = static_cast<long long>(blockIdx.x) * (kMapThreads * U) + threadIdx.x;
  float4 v[U];
  if (base + (U - 1) * kMapThreads < nvec) { // every block but the last
#pragma unroll
    for (int u = 0; u < U; ++u)
      v[u] = __ldg(xv + base + u * kMapThreads);
#pragma unroll
    for (int u = 0; u < U; ++u)
      store4<Op>(yv, base + u * kMapThreads, v[u]);
  } else {
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (base + u * kMapThreads < nvec)
        v[u] = __ldg(xv + base + u * kMapThreads);
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (base + u * kMapThreads < nvec)
        store4<Op>(yv, base + u * kMapThreads, v[u]);
  }
  if (blockIdx.x == 0) { // head (before the first 16-byte boundary) and tail (< 4 elements)
    const int t = threadIdx.x;
    if (t < head)
      y[t] = Op::apply(__ldg(x + t));
    const long long tail = head + nvec * 4;
    if (t < n - tail)
      y[tail + t] = Op::apply(__ldg(x + tail + t));
  }
}

/// Any alignment: scalars, 4 loads in flight per thread.
template <class Op>
__global__ void __launch_bounds__(kMapThreads)
    map_scalar_kernel(const float* __restrict__ x, typename Op::Out* __restrict__ y, long long n) {
  constexpr int U = 4;
  const long long base = static_cast<long long>(blockIdx.x) * (kMapThreads * U) + threadIdx.x;
  float v[U];
#pragma unroll
  for (int u = 0; u < U; ++u)
    if (base + u * kMapThreads < n)
      v[u] = __ldg(x + base + u * kMapThreads);
#pragma unroll
  for (int u = 0; u < U; ++u)
    if (base + u * kMapThreads < n)
      y[base + u * kMapThreads] = Op::apply(v[u]);
}

template <class Op>
cudaError_t map(const float* x, typename Op::Out* y, long long n, cudaStream_t stream) {
  if (n < 0)
    return cudaErrorInvalidValue;
  if (n == 0)
    return cudaSuccess;
  using Out = typename Op::Out;
  const long long head = head_to_16(x, n);
  if (aligned(x, 4) && aligned(y + head, 4 * sizeof(Out))) {
    const long long nvec = (n - head) / 4;
    const long long wave2 = 2LL * sm_count() * (2048 / kMapThreads); // CTAs in two full waves
    auto launch = [&](auto u) {
      constexpr int U = decltype(u)::value;
      map_vec_kernel<Op, U><<<blocks_for(nvec, kMapThreads * U), kMapThreads, 0, stream>>>(
          x, y, n, static_cast<int>(head));
    };
    if (nvec >= wave2 * kMapThreads * 4)
      launch(std::integral_constant<int, 4>{});
    else if (nvec >= wave2 * kMapThreads * 2)
      launch(std::integral_constant<int, 2>{});
    else
      launch(std::integral_constant<int, 1>{});
  } else {
    map_scalar_kernel<Op><<<blocks_for(n, kMapThreads * 4), kMapThreads, 0, stream>>>(x, y, n);
  }
  return cudaGetLastError();
}

// -- add_bias -------------------------------------------------------------------------------
/// T is float4 (cols4 = cols / 4 vectors per row) or float (cols4 = cols).
/// Block (TX, 256 / TX); thread (tx, ty) takes column c = blockIdx.x * TX + tx
/// and rows blockIdx.y * (TY * R) + r * TY + ty, r < R (looping in y when the
/// grid's y is capped).
template <class T, int R>
__global__ void __launch_bounds__(kMapThreads)
    add_bias_kernel(const T* __restrict__ x, const T* __restrict__ bias, T* __restrict__ y,
                    long long rows, long long cols4) {
  const int TY = blockDim.y;
  const long long c = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c >= cols4)
    return;
  const T b = __ldg(bias + c);
  for (long long r0 = static_cast<long long>(blockIdx.y) * TY * R + threadIdx.y; r0 < rows;
       r0 += static_cast<long long>(gridDim.y) * TY * R) {
    T v[R];
#pragma unroll
    for (int r = 0; r < R; ++r)
      if (r0 + r * TY < rows)
        v[r] = __ldg(x + (r0 + r * TY) * cols4 + c);
#pragma unroll
    for (int r = 0; r < R; ++r) {
      if (r0 + r * TY < rows) {
        if constexpr (sizeof(T) == 16)
          y[(r0 + r * TY) * cols4 + c] =
              make_float4(v[r].x + b.x, v[r].y + b.y, v[r].z + b.z, v[r].w + b.w);
        else
          y[(r0 + r * TY) * cols4 + c] = v[r] + b;
      }
    }
  }
}

template <class T>
cudaError_t add_bias_launch(const T* x, const T* bias, T* y, long long rows, long long cols4,
                            cudaStream_t stream) {
  int tx = 1;
  while (tx < kMapThreads && tx < cols4)
    tx *= 2;
  const int ty = kMapThreads / tx;
  const long long col_blocks = (cols4 + tx - 1) / tx;
  if (col_blocks > 0x7fffffffLL)
    return cudaErrorInvalidValue;
  const long long wave2 = 2LL * sm_count() * (2048 / kMapThreads);
  auto launch = [&](auto r) {
    constexpr int R = decltype(r)::value;
    long long row_blocks =
        (rows + static_cast<long long>(ty) * R - 1) / (static_cast<long long>(ty) * R);
    if (row_blocks > 65535)
      row_blocks = 65535; // the kernel loops over the rest
    add_bias_kernel<T, R>
        <<<dim3(static_cast<unsigned>(col_blocks), static_cast<unsigned>(row_blocks)), dim3(tx, ty),
           0, stream>>>(x, bias, y, rows, cols4);
  };
  const long long vectors = rows * cols4;
  if (vectors >= wave2 * kMapThreads * 4)
    launch(std::integral_constant<int, 4>{});
  else if (vectors >= wave2 * kMapThreads * 2)
    launch(std::integral_constant<int, 2>{});
  else
    launch(std::integral_constant<int, 1>{});
  return cudaGetLastError();
}

} // namespace detail

// -- launchers (the signatures of kernels/kernels.cuh) ---------------------------------------
inline cudaError_t copy(const float* x, float* y, long long n, cudaStream_t stream = 0) {
  return detail::map<detail::CopyOp>(x, y, n, stream);
}
inline cudaError_t add_one(const float* x, float* y, long long n, cudaStream_t stream = 0) {
  return detail::map<detail::AddOneOp>(x, y, n, stream);
}
/// y = max(fma(x, 2, 1), 0)
inline cudaError_t affine_relu(const float* x, float* y, long long n, cudaStream_t stream = 0) {
  return detail::map<detail::AffineReluOp>(x, y, n, stream);
}
/// y = x / (1 + exp(-x))
inline cudaError_t silu(const float* x, float* y, long long n, cudaStream_t stream = 0) {
  return detail::map<detail::SiluOp>(x, y, n, stream);
}
/// round to nearest even
inline cudaError_t to_f16(const float* x, __half* y, long long n, cudaStream_t stream = 0) {
  return detail::map<detail::ToF16Op>(x, y, n, stream);
}
inline cudaError_t to_bf16(const float* x, __nv_bfloat16* y, long long n, cudaStream_t stream = 0) {
  return detail::map<detail::ToBf16Op>(x, y, n, stream);
}

/// y[r, c] = x[r, c] + bias[c]
inline cudaError_t add_bias(const float* x, const float* bias, float* y, long long rows,
                            long long cols, cudaStream_t stream = 0) {
  if (rows < 0 || cols < 0)
    return cudaErrorInvalidValue;
  if (rows == 0 || cols == 0)
    return cudaSuccess;
  using detail::aligned;
  if (cols % 4 == 0 && aligned(x, 16) && aligned(y, 16) && aligned(bias, 16))
    return detail::add_bias_launch(reinterpret_cast<const float4*>(x),
                                   reinterpret_cast<const float4*>(bias),
                                   reinterpret_cast<float4*>(y), rows, cols / 4, stream);
  return detail::add_bias_launch(x, bias, y, rows, cols, stream);
}

} // namespace cuda_twins
