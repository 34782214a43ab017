// Hand-written CUDA twins of the row kernels of kernels/kernels.cuh:
// row_sum, row_max, softmax, rmsnorm over a row-major rows x cols matrix.
//
// Every row is read with float4 loads (ld.global.nc.v4) from its first
// 16-byte boundary on; the up to 3 elements before it (head) and the up to 3
// after its last whole float4 (tail) are scalars of the row's first threads.
// So any cols and any base pointer get the vector path; only softmax and
// rmsnorm, whose stores follow the loads, need y aligned like x (else their
// scalar variant runs).
//
// row_sum, row_max: a warp per row (8 rows per CTA of 256) when there are
// rows enough to give every SM 32 warps, else a CTA of 256 per row; 4
// float4 loads in flight per thread, then shuffles (and one shared-memory
// round for a CTA).
//
// softmax, rmsnorm: the row stays in registers (one HBM read, one write)
// up to 16384 columns: a group of G threads per row, V float4 each
// (G = 32 with 4 rows per CTA for short rows, else a CTA per row):
//   cols <= 128: G 32, V 1   <= 512: G 32, V 4    <= 1024: G 128, V 2
//   <= 2048: G 128, V 4      <= 4096: G 128, V 8  <= 8192: G 256, V 8
//   <= 16384: G 512, V 8
// softmax: max (all-reduce), exp2(x log2e - max log2e) kept in registers,
// sum (all-reduce), scale by 1 / sum. rmsnorm: sum of squares, rsqrt, scale
// by it and w. Longer rows: a CTA of 1024 per row in two passes over
// memory (the second from L2): pass 1 an online max and rescaled sum
// (softmax) or the sum of squares, pass 2 writes.
#pragma once

#include "common.cuh"

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

namespace cuda_twins {
namespace detail {

inline constexpr float kLog2e = 1.4426950408889634f;

__device__ __forceinline__ float4 ldg4(const float* p) {
  return __ldg(reinterpret_cast<const float4*>(p));
}

// -- row_sum, row_max --------------------------------------------------------------------------
inline constexpr int kReduceThreads = 256;

/// G threads per row (32: a warp, or kReduceThreads: the CTA).
template <class Op, int G>
__global__ void __launch_bounds__(kReduceThreads)
    row_reduce_kernel(const float* __restrict__ x, float* __restrict__ y, long long rows,
                      long long cols) {
  constexpr int U = 4;
  constexpr int rows_per_cta = kReduceThreads / G;
  __shared__ float red[kReduceThreads / 32];
  const Op op;
  const int lane = threadIdx.x % G;
  const long long row = static_cast<long long>(blockIdx.x) * rows_per_cta + threadIdx.x / G;
  if (row >= rows)
    return; // a whole warp (G = 32) or the whole CTA
  const float* __restrict__ p = x + row * cols;
  const long long head = head_to_16(p, cols);
  const long long nb = (cols - head) >> 2;
  const float* __restrict__ body = p + head;
  float acc[U];
#pragma unroll
  for (int u = 0; u < U; ++u)
    acc[u] = Op::identity;
  long long i = lane;
  for (; i + (U - 1) * G < nb; i += U * G) {
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      v[u] = ldg4(body + 4 * (i + u * G));
#pragma unroll
    for (int u = 0; u < U; ++u)
      acc[u] = op(acc[u], op(op(v[u].x, v[u].y), op(v[u].z, v[u].w)));
  }
  for (; i < nb; i += G) {
    const float4 v = ldg4(body + 4 * i);
    acc[0] = op(acc[0], op(op(v.x, v.y), op(v.z, v.w)));
  }
  if (lane < head)
    acc[1] = op(acc[1], __ldg(p + lane));
  const long long tail = head + 4 * nb;
  if (lane < cols - tail)
    acc[2] = op(acc[2], __ldg(p + tail + lane));
  float r = op(op(acc[0], acc[1]), op(acc[2], acc[3]));
  r = group_reduce<G>(r, op, red);
  if (lane == 0)
    y[row] = r;
}

template <class Op>
cudaError_t row_reduce(const float* x, float* y, long long rows, long long cols, cudaStream_t s) {
  if (rows < 0 || cols < 0)
    return cudaErrorInvalidValue;
  if (rows == 0)
    return cudaSuccess; // (cols = 0: the identity, 0 or -inf)
  if (!aligned(x, 4))
    return cudaErrorMisalignedAddress;
  if (rows >= 32LL * sm_count()) {
    row_reduce_kernel<Op, 32>
        <<<blocks_for(rows, kReduceThreads / 32), kReduceThreads, 0, s>>>(x, y, rows, cols);
  } else {
    row_reduce_kernel<Op, kReduceThreads>
        <<<static_cast<unsigned>(rows), kReduceThreads, 0, s>>>(x, y, rows, cols);
  }
  return cudaGetLastError();
}

// -- softmax, rmsnorm: the row in registers -----------------------------------------------------
/// G threads per row, RPB rows per CTA (RPB > 1 only with G = 32), V float4
/// (VEC) or 4V scalars per thread. VEC: x and y are equally aligned mod 16.
template <bool kSoftmax, int G, int RPB, int V, bool VEC>
__global__ void __launch_bounds__(G* RPB, 1024 / (G * RPB))
    row_norm_kernel(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
                    long long rows, long long cols, float eps) {
  static_assert(RPB == 1 || G == 32, "several rows per CTA only with a warp per row");
  constexpr int E = 4 * V; // floats per thread
  constexpr float neutral = kSoftmax ? -__builtin_huge_valf() : 0.0f;
  __shared__ float red0[G / 32], red1[G / 32];
  const int lane = threadIdx.x % G;
  const long long row = static_cast<long long>(blockIdx.x) * RPB + threadIdx.x / G;
  if (row >= rows)
    return; // a whole warp, or the whole CTA
  const float* __restrict__ xr = x + row * cols;
  float* __restrict__ yr = y + row * cols;

  float v[E];
  long long head = 0, nb = 0, extra = -1; // VEC: the scalar this thread holds of the head or tail
  float ex = neutral;
  if constexpr (VEC) {
    head = head_to_16(xr, cols);
    nb = (cols - head) >> 2;
#pragma unroll
    for (int k = 0; k < V; ++k) {
      const long long i = lane + static_cast<long long>(k) * G;
      float4 t = make_float4(neutral, neutral, neutral, neutral);
      if (i < nb)
        t = ldg4(xr + head + 4 * i);
      v[4 * k] = t.x, v[4 * k + 1] = t.y, v[4 * k + 2] = t.z, v[4 * k + 3] = t.w;
    }
    const long long tail = cols - head - 4 * nb;
    if (lane < head)
      extra = lane;
    else if (lane - head < tail)
      extra = head + 4 * nb + (lane - head);
    if (extra >= 0)
      ex = __ldg(xr + extra);
  } else {
#pragma unroll
    for (int k = 0; k < E; ++k) {
      const long long j = lane + static_cast<long long>(k) * G;
      v[k] = j < cols ? __ldg(xr + j) : neutral;
    }
  }

  float scale; // softmax: 1 / sum; rmsnorm: 1 / rms
  if constexpr (kSoftmax) {
    float m = ex;
#pragma unroll
    for (int k = 0; k < E; ++k)
      m = fmaxf(m, v[k]);
    m = group_reduce<G>(m, Max{}, red0);
    const float ml = m * kLog2e;
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < E; ++k) {
      v[k] = exp2f(fmaf(v[k], kLog2e, -ml)); // the neutral -inf gives 0
      s += v[k];
    }
    ex = exp2f(fmaf(ex, kLog2e, -ml));
    s += ex;
    s = group_reduce<G>(s, Sum{}, red1);
    scale = 1.0f / s;
  } else {
    float ss = ex * ex;
#pragma unroll
    for (int k = 0; k < E; ++k)
      ss = fmaf(v[k], v[k], ss);
    ss = group_reduce<G>(ss, Sum{}, red0);
    scale = rsqrtf(ss / static_cast<float>(cols) + eps);
    (void)red1;
  }

  if constexpr (VEC) {
    const bool w_vec = kSoftmax || aligned(w + head, 16);
#pragma unroll
    for (int k = 0; k < V; ++k) {
      const long long i = lane + static_cast<long long>(k) * G;
      if (i < nb) {
        float4 o = make_float4(v[4 * k] * scale, v[4 * k + 1] * scale, v[4 * k + 2] * scale,
                               v[4 * k + 3] * scale);
        if constexpr (!kSoftmax) {
          const float* wp = w + head + 4 * i;
          const float4 wv =
              w_vec ? ldg4(wp)
                    : make_float4(__ldg(wp), __ldg(wp + 1), __ldg(wp + 2), __ldg(wp + 3));
          o.x *= wv.x, o.y *= wv.y, o.z *= wv.z, o.w *= wv.w;
        }
        *reinterpret_cast<float4*>(yr + head + 4 * i) = o;
      }
    }
    if (extra >= 0)
      yr[extra] = kSoftmax ? ex * scale : ex * scale * __ldg(w + extra);
  } else {
#pragma unroll
    for (int k = 0; k < E; ++k) {
      const long long j = lane + static_cast<long long>(k) * G;
      if (j < cols)
        yr[j] = kSoftmax ? v[k] * scale : v[k] * scale * __ldg(w + j);
    }
  }
}

// -- softmax, rmsnorm: long rows, two passes ------------------------------------------------
inline constexpr int kLongThreads = 1024;

/// VEC: y aligned like x (float4 stores); loads are float4 either way.
template <bool kSoftmax, bool VEC>
__global__ void __launch_bounds__(kLongThreads)
    row_norm_long_kernel(const float* __restrict__ x, const float* __restrict__ w,
                         float* __restrict__ y, long long cols, float eps) {
  constexpr int G = kLongThreads;
  __shared__ float red0[G / 32], red1[G / 32];
  const int lane = threadIdx.x;
  const long long row = blockIdx.x;
  const float* __restrict__ xr = x + row * cols;
  float* __restrict__ yr = y + row * cols;
  const long long head = head_to_16(xr, cols);
  const long long nb = (cols - head) >> 2;
  const long long tail = head + 4 * nb;
  const long long extra =
      lane < head ? lane : (lane - head < cols - tail ? tail + (lane - head) : -1);

  // pass 1
  float scale;
  if constexpr (kSoftmax) {
    float m = -__builtin_huge_valf(), s = 0.0f; // online: s = sum of exp(x - m) so far
    for (long long i = lane; i < nb; i += G) {
      const float4 t = ldg4(xr + head + 4 * i);
      const float mt = fmaxf(fmaxf(t.x, t.y), fmaxf(t.z, t.w));
      if (mt > m) {
        s *= exp2f((m - mt) * kLog2e);
        m = mt;
      }
      const float ml = m * kLog2e;
      s += exp2f(fmaf(t.x, kLog2e, -ml)) + exp2f(fmaf(t.y, kLog2e, -ml)) +
           exp2f(fmaf(t.z, kLog2e, -ml)) + exp2f(fmaf(t.w, kLog2e, -ml));
    }
    if (extra >= 0) {
      const float e = __ldg(xr + extra);
      if (e > m) {
        s *= exp2f((m - e) * kLog2e);
        m = e;
      }
      s += exp2f((e - m) * kLog2e);
    }
    const float mrow = group_reduce<G>(m, Max{}, red0);
    s = m == -__builtin_huge_valf() ? 0.0f : s * exp2f((m - mrow) * kLog2e);
    s = group_reduce<G>(s, Sum{}, red1);
    scale = 1.0f / s;
    // pass 2
    const float ml = mrow * kLog2e;
    for (long long i = lane; i < nb; i += G) {
      const float4 t = ldg4(xr + head + 4 * i);
      const float4 o =
          make_float4(exp2f(fmaf(t.x, kLog2e, -ml)) * scale, exp2f(fmaf(t.y, kLog2e, -ml)) * scale,
                      exp2f(fmaf(t.z, kLog2e, -ml)) * scale, exp2f(fmaf(t.w, kLog2e, -ml)) * scale);
      float* q = yr + head + 4 * i;
      if constexpr (VEC)
        *reinterpret_cast<float4*>(q) = o;
      else
        q[0] = o.x, q[1] = o.y, q[2] = o.z, q[3] = o.w;
    }
    if (extra >= 0)
      yr[extra] = exp2f(fmaf(__ldg(xr + extra), kLog2e, -ml)) * scale;
  } else {
    float ss = 0.0f;
    for (long long i = lane; i < nb; i += G) {
      const float4 t = ldg4(xr + head + 4 * i);
      ss = fmaf(t.x, t.x, fmaf(t.y, t.y, fmaf(t.z, t.z, fmaf(t.w, t.w, ss))));
    }
    if (extra >= 0) {
      const float e = __ldg(xr + extra);
      ss = fmaf(e, e, ss);
    }
    ss = group_reduce<G>(ss, Sum{}, red0);
    scale = rsqrtf(ss / static_cast<float>(cols) + eps);
    (void)red1;
    // pass 2
    const bool w_vec = aligned(w + head, 16);
    for (long long i = lane; i < nb; i += G) {
      const float4 t = ldg4(xr + head + 4 * i);
      const float* wp = w + head + 4 * i;
      const float4 wv =
          w_vec ? ldg4(wp) : make_float4(__ldg(wp), __ldg(wp + 1), __ldg(wp + 2), __ldg(wp + 3));
      const float4 o = make_float4(t.x * scale * wv.x, t.y * scale * wv.y, t.z * scale * wv.z,
                                   t.w * scale * wv.w);
      float* q = yr + head + 4 * i;
      if constexpr (VEC)
        *reinterpret_cast<float4*>(q) = o;
      else
        q[0] = o.x, q[1] = o.y, q[2] = o.z, q[3] = o.w;
    }
    if (extra >= 0)
      yr[extra] = __ldg(xr + extra) * scale * __ldg(w + extra);
  }
}

template <bool kSoftmax>
cudaError_t row_norm(const float* x, const float* w, float* y, long long rows, long long cols,
                     float eps, cudaStream_t s) {
  if (rows < 0 || cols < 0)
    return cudaErrorInvalidValue;
  if (rows == 0 || cols == 0)
    return cudaSuccess;
  if (!aligned(x, 4) || !aligned(y, 4) || rows > 0x7fffffffLL)
    return cudaErrorInvalidValue;
  const bool vec =
      ((reinterpret_cast<std::uintptr_t>(x) ^ reinterpret_cast<std::uintptr_t>(y)) & 15) == 0;
  auto go = [&](auto g, auto rpb, auto v) {
    constexpr int G = decltype(g)::value, RPB = decltype(rpb)::value, V = decltype(v)::value;
    const unsigned blocks = blocks_for(rows, RPB);
    if (vec)
      row_norm_kernel<kSoftmax, G, RPB, V, true>
          <<<blocks, G * RPB, 0, s>>>(x, w, y, rows, cols, eps);
    else
      row_norm_kernel<kSoftmax, G, RPB, V, false>
          <<<blocks, G * RPB, 0, s>>>(x, w, y, rows, cols, eps);
  };
  using std::integral_constant;
  using I32 = integral_constant<int, 32>;
  using I1 = integral_constant<int, 1>;
  if (cols <= 128)
    go(I32{}, integral_constant<int, 4>{}, I1{});
  else if (cols <= 512)
    go(I32{}, integral_constant<int, 4>{}, integral_constant<int, 4>{});
  else if (cols <= 1024)
    go(integral_constant<int, 128>{}, I1{}, integral_constant<int, 2>{});
  else if (cols <= 2048)
    go(integral_constant<int, 128>{}, I1{}, integral_constant<int, 4>{});
  else if (cols <= 4096)
    go(integral_constant<int, 128>{}, I1{}, integral_constant<int, 8>{});
  else if (cols <= 8192)
    go(integral_constant<int, 256>{}, I1{}, integral_constant<int, 8>{});
  else if (cols <= 16384)
    go(integral_constant<int, 512>{}, I1{}, integral_constant<int, 8>{});
  else if (vec)
    row_norm_long_kernel<kSoftmax, true>
        <<<static_cast<unsigned>(rows), kLongThreads, 0, s>>>(x, w, y, cols, eps);
  else
    row_norm_long_kernel<kSoftmax, false>
        <<<static_cast<unsigned>(rows), kLongThreads, 0, s>>>(x, w, y, cols, eps);
  return cudaGetLastError();
}

} // namespace detail

// -- launchers (the signatures of kernels/kernels.cuh) ---------------------------------------
/// y[r] = sum over c of x[r, c]
inline cudaError_t row_sum(const float* x, float* y, long long rows, long long cols,
                           cudaStream_t stream = 0) {
  return detail::row_reduce<detail::Sum>(x, y, rows, cols, stream);
}
/// y[r] = max over c of x[r, c]
inline cudaError_t row_max(const float* x, float* y, long long rows, long long cols,
                           cudaStream_t stream = 0) {
  return detail::row_reduce<detail::Max>(x, y, rows, cols, stream);
}
/// y[r, :] = softmax(x[r, :])
inline cudaError_t softmax(const float* x, float* y, long long rows, long long cols,
                           cudaStream_t stream = 0) {
  return detail::row_norm<true>(x, nullptr, y, rows, cols, 0.0f, stream);
}
/// y[r, c] = x[r, c] / sqrt(mean(x[r, :]^2) + eps) * w[c]
inline cudaError_t rmsnorm(const float* x, const float* w, float* y, long long rows, long long cols,
                           float eps = 1e-6f, cudaStream_t stream = 0) {
  return detail::row_norm<false>(x, w, y, rows, cols, eps, stream);
}

} // namespace cuda_twins
