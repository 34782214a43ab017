// Split-K for the Hopper GEMM (kernels/gemm/gemm.cuh). With p.split = S >
// 1 the general kernel (gemm_sm90.cuh) computes, for every tile of D, S
// partial sums over consecutive ranges of K blocks, each one CTA tile of
// work, and stores each (fp32, bounded plain stores) into its slice of the
// workspace: slice bt * S + s, an m x n row-major matrix (n floats a row).
// Then splitk_reduce adds the S slices of each element in the order s = 0,
// 1, ..., S - 1 (one thread per element: the result does not depend on
// which CTA ran first) and applies the whole epilogue once: fn(alpha sum +
// beta C + bias), converted to Out, a bounded store into D. No atomics,
// no counters: the same inputs give the same bits on every run.
//
// The workspace: S * batch * m * n floats (splitk_workspace_bytes); the
// caller's (GemmArgs::workspace) when it is that large, otherwise
// cudaMallocAsync on the stream, freed with cudaFreeAsync after the
// reduction (stream-ordered: the call stays asynchronous).
#pragma once

#include "gemm_epilogue.cuh"

namespace tirx_kernels::gemm_sm90 {

/// The bytes of split-K's workspace for split S over batch GEMMs of m x n.
inline long long splitk_workspace_bytes(int m, int n, int batch, int split) {
  return split > 1 ? 4ll * split * batch * m * n : 0;
}

/// S cut to what k holds (every K range at least one block of 64) and the
/// blocks per range: {S', blocks}, S' = ceil(k_blocks / blocks).
struct SplitPlan {
  int split, blocks;
};
inline SplitPlan split_plan(int k, int split) {
  const int k_blocks = (k + block_k - 1) / block_k;
  const int s = split < 1 ? 1 : split > k_blocks ? k_blocks : split;
  const int blocks = (k_blocks + s - 1) / s;
  return {(k_blocks + blocks - 1) / blocks, blocks};
}

/// Runs fn(w) on a workspace w of `bytes`: `given` when it holds them
/// (given_bytes), else one allocated on the stream (cudaMallocAsync) and
/// freed after fn's work (cudaFreeAsync: stream-ordered, the call stays
/// asynchronous). Split-K's and the tail split's (gemm_streamk.cuh).
template <class Fn>
cudaError_t with_workspace(long long bytes, float* given, long long given_bytes,
                           cudaStream_t stream, const Fn& fn) {
  if (given != nullptr && given_bytes >= bytes)
    return fn(given);
  void* w = nullptr;
  if (cudaError_t e = cudaMallocAsync(&w, static_cast<size_t>(bytes), stream); e != cudaSuccess)
    return e;
  const cudaError_t e = fn(static_cast<float*>(w)), f = cudaFreeAsync(w, stream);
  return e != cudaSuccess ? e : f;
}

#if defined(__CUDACC__)
/// D = fn(alpha sum_s W[bt * S + s] + beta C + bias) for every element of
/// the batch, in a grid-stride loop (consecutive threads: consecutive
/// columns of a row).
template <class Epi, class P> __global__ void splitk_reduce(const __grid_constant__ P p) {
  const long long mn = static_cast<long long>(p.m) * p.n, total = mn * p.batch;
  for (long long e = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; e < total;
       e += static_cast<long long>(gridDim.x) * blockDim.x) {
    const int bt = static_cast<int>(e / mn);
    const long long at = e % mn;
    const int i = static_cast<int>(at / p.n), j = static_cast<int>(at % p.n);
    const float* w = p.workspace + bt * p.split * mn + at;
    float v = w[0];
    for (int s = 1; s < p.split; ++s)
      v += w[s * mn];
    if constexpr (!Epi::plain) { // the order of apply_epilogue's operations
      v = p.beta != 0.0f ? p.alpha * v + p.beta * to_float(p.c[bt * p.stride_c + i * p.ldc + j])
                         : v * p.alpha;
      if constexpr (Epi::bias == Bias::column)
        v += to_float(p.bias[bt * p.stride_bias + j]);
      else if constexpr (Epi::bias == Bias::row)
        v += to_float(p.bias[bt * p.stride_bias + i]);
      v = p.fn(v);
    }
    using Out = cuda::std::remove_pointer_t<decltype(P::d)>;
    p.d[bt * p.stride_d + i * p.ldd + j] = from_float<Out>(v);
  }
}

/// Runs a split-K GEMM: p.split (> 1) and p.split_blocks set (split_plan),
/// the workspace given or allocated on the stream, then launch_main(p) (the
/// general kernel's launch) and the reduction, and the workspace freed.
template <class Epi, class P, class Main>
cudaError_t run_split(P p, float* workspace, long long workspace_bytes, cudaStream_t stream,
                      int sms, const Main& launch_main) {
  const long long bytes = splitk_workspace_bytes(p.m, p.n, p.batch, p.split);
  return with_workspace(bytes, workspace, workspace_bytes, stream, [&](float* w) {
    p.workspace = w;
    if (cudaError_t e = launch_main(p); e != cudaSuccess)
      return e;
    const long long total = static_cast<long long>(p.m) * p.n * p.batch;
    const long long blocks = (total + 255) / 256, most = 8ll * (sms > 0 ? sms : 132);
    splitk_reduce<Epi, P>
        <<<static_cast<unsigned>(blocks < most ? blocks : most), 256, 0, stream>>>(p);
    return cudaGetLastError();
  });
}
#endif

} // namespace tirx_kernels::gemm_sm90
