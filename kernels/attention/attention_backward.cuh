// The attention backward's entry point (host): AttentionGrads, the
// workspace it needs, its checks and attention_backward, which runs the
// kernels of attention_bwd.cuh (see attention.cuh for the call).
#pragma once

#include "attention_args.cuh"
#include "attention_bwd.cuh"

#include <tirx/host/tensor_map.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace tirx_kernels {

/// The gradients of an attention backward: d_o (the output's gradient, as
/// o), dq (as q), dk and dv (as k and v: heads_kv heads, the sum over the
/// query heads of each KV head), BSHD with strides in elements; a device
/// workspace of attention_backward_workspace(a) bytes (256-byte aligned);
/// deterministic: dq's fp32 sums run in a fixed order (bitwise repeatable
/// results, a little slower).
struct AttentionGrads {
  const void* d_o = nullptr;
  void* dq = nullptr;
  void* dk = nullptr;
  void* dv = nullptr;
  long long do_stride[3] = {}, dq_stride[3] = {}, dk_stride[3] = {}, dv_stride[3] = {};
  void* workspace = nullptr;
  bool deterministic = false;
};

/// Sets the strides of packed BSHD gradients for the shapes of a.
inline void contiguous_bshd(AttentionGrads& g, const AttentionArgs& a) {
  AttentionArgs t = a;
  contiguous_bshd(t);
  for (int i = 0; i < 3; ++i) {
    g.do_stride[i] = g.dq_stride[i] = t.q_stride[i];
    g.dk_stride[i] = g.dv_stride[i] = t.k_stride[i];
  }
}

namespace attention {
/// The workspace's parts: the fp32 dQ blocks, lse2 and D per padded row,
/// a semaphore per query block (each part on 256 bytes).
struct BwdWorkspace {
  long long m_blocks = 0, dq_at = 0, lse2_at = 0, dsum_at = 0, sem_at = 0, bytes = 0;
};
inline BwdWorkspace bwd_workspace(const AttentionArgs& a) {
  auto round = [](long long x) { return (x + 255) / 256 * 256; };
  BwdWorkspace w;
  w.m_blocks = (a.seqlen_q + bwd_block_m - 1) / bwd_block_m;
  const long long blocks = static_cast<long long>(a.batch) * a.heads_q * w.m_blocks;
  w.lse2_at = round(blocks * 64 * (a.head_dim + dq_pad) * 4);
  w.dsum_at = w.lse2_at + round(blocks * 64 * 4);
  w.sem_at = w.dsum_at + round(blocks * 64 * 4);
  w.bytes = w.sem_at + round(blocks * 4);
  return w;
}

template <class Cfg>
cudaError_t launch_backward(const AttentionArgs& a, const AttentionGrads& g, cudaStream_t stream) {
  using T = typename Cfg::Elem;
  constexpr int D = Cfg::D;
  const BwdWorkspace w = bwd_workspace(a);
  auto* ws = static_cast<unsigned char*>(g.workspace);
  BwdParams<T> p{};
  p.batch = a.batch, p.heads_q = a.heads_q, p.heads_kv = a.heads_kv;
  p.seqlen_q = a.seqlen_q, p.seqlen_k = a.seqlen_k, p.m_blocks = static_cast<int>(w.m_blocks);
  p.scale = a.scale > 0.0f ? a.scale : 1.0f / std::sqrt(static_cast<float>(D));
  p.scale_log2 = p.scale * 1.4426950408889634f;
  p.o = static_cast<const T*>(a.o), p.d_o = static_cast<const T*>(g.d_o);
  p.o_batch = a.o_stride[0], p.o_row = a.o_stride[1], p.o_head = a.o_stride[2];
  p.do_batch = g.do_stride[0], p.do_row = g.do_stride[1], p.do_head = g.do_stride[2];
  p.lse = a.lse;
  p.dq_accum = reinterpret_cast<float*>(ws);
  p.lse2 = reinterpret_cast<float*>(ws + w.lse2_at);
  p.dsum = reinterpret_cast<float*>(ws + w.dsum_at);
  p.semaphore = reinterpret_cast<int*>(ws + w.sem_at);
  p.dq = static_cast<T*>(g.dq), p.dk = static_cast<T*>(g.dk), p.dv = static_cast<T*>(g.dv);
  p.dq_batch = g.dq_stride[0], p.dq_row = g.dq_stride[1], p.dq_head = g.dq_stride[2];
  p.dk_batch = g.dk_stride[0], p.dk_row = g.dk_stride[1], p.dk_head = g.dk_stride[2];
  p.dv_batch = g.dv_stride[0], p.dv_row = g.dv_stride[1], p.dv_head = g.dv_stride[2];
  auto map_of = [&](const void* ptr, int seq, int heads, const long long(&st)[3]) {
    using B = typename Cfg::Box;
    const long long e[4] = {a.batch, seq, heads, D}, s[4] = {st[0], st[1], st[2], 1};
    return make_tensor_map<B::extents, B::value>(static_cast<const T*>(ptr), e, s);
  };
  const auto mq = map_of(a.q, a.seqlen_q, a.heads_q, a.q_stride);
  const auto mk = map_of(a.k, a.seqlen_k, a.heads_kv, a.k_stride);
  const auto mv = map_of(a.v, a.seqlen_k, a.heads_kv, a.v_stride);
  const auto mdo = map_of(g.d_o, a.seqlen_q, a.heads_q, g.do_stride);

  cudaError_t e = cudaMemsetAsync(ws, 0, static_cast<size_t>(w.lse2_at), stream);
  if (e == cudaSuccess && Cfg::deterministic)
    e = cudaMemsetAsync(ws + w.sem_at, 0, static_cast<size_t>(w.bytes - w.sem_at), stream);
  if (e != cudaSuccess)
    return e;
  const dim3 rows(p.m_blocks, a.heads_q, a.batch);
  attention_bwd_prep<T, D><<<rows, 256, 0, stream>>>(p);
  auto kernel = attention_bwd_kernel<Cfg>;
  static bool configured = false;
  if (!configured) {
    e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::smem_bytes);
    if (e != cudaSuccess)
      return e;
    configured = true;
  }
  const dim3 grid((a.seqlen_k + bwd_block_n - 1) / bwd_block_n, a.heads_kv, a.batch);
  kernel<<<grid, bwd_threads, Cfg::smem_bytes, stream>>>(mq, mk, mv, mdo, p);
  attention_bwd_dq<T, D><<<rows, 256, 0, stream>>>(p);
  return cudaGetLastError();
}

/// The backward configuration of head dim D: 2 stages of Q and dO.
template <class T, int D, bool Causal, bool Deterministic>
using DefaultBwd = BwdConfig<T, D, 2, Causal, Deterministic>;
} // namespace attention

/// The bytes of device workspace attention_backward needs for a.
inline size_t attention_backward_workspace(const AttentionArgs& a) {
  return static_cast<size_t>(attention::bwd_workspace(a).bytes);
}

/// Throws std::invalid_argument naming the first rule a and g break.
inline void attention_backward_check(const AttentionArgs& a, const AttentionGrads& g) {
  attention_check(a);
  auto fail = [](const std::string& m) {
    throw std::invalid_argument("tirx_kernels::attention_backward: " + m);
  };
  if (a.head_dim != 64 && a.head_dim != 128)
    fail("head_dim " + std::to_string(a.head_dim) + " is not one of 64, 128");
  if (a.cu_seqlens_q || a.cu_seqlens_k || a.seqused_k || a.block_table)
    fail("variable-length batches and paged KV caches are forward only: pass dense tensors");
  if (!a.lse)
    fail("lse (the forward's logsumexp) must be a device pointer");
  if (!g.d_o || !g.dq || !g.dk || !g.dv || !g.workspace)
    fail("d_o, dq, dk, dv and workspace must be device pointers");
  if (reinterpret_cast<uintptr_t>(g.workspace) % 256 != 0)
    fail("the workspace must be 256-byte aligned");
  const long long* strides[] = {g.do_stride, g.dq_stride, g.dk_stride, g.dv_stride};
  for (const long long* s : strides)
    for (int i = 0; i < 3; ++i)
      if (s[i] <= 0 || s[i] % 8 != 0)
        fail("every batch, sequence and head stride must be a positive multiple of 8 elements "
             "(16 bytes), got " +
             std::to_string(s[i]));
}

/// The backward pass: dq, dk and dv of o = attention(q, k, v) for the
/// output gradient g.d_o (see AttentionGrads). a carries q, k, v, o, lse
/// and the shapes of the forward. T: __nv_bfloat16 or __half.
template <class T>
cudaError_t attention_backward(const AttentionArgs& a, const AttentionGrads& g,
                               cudaStream_t stream = 0) {
  using namespace attention;
  attention_backward_check(a, g);
  auto run = [&](auto d) -> cudaError_t {
    constexpr int D = decltype(d)::value;
    if (g.deterministic)
      return a.causal ? launch_backward<DefaultBwd<T, D, true, true>>(a, g, stream)
                      : launch_backward<DefaultBwd<T, D, false, true>>(a, g, stream);
    return a.causal ? launch_backward<DefaultBwd<T, D, true, false>>(a, g, stream)
                    : launch_backward<DefaultBwd<T, D, false, false>>(a, g, stream);
  };
  if (a.head_dim == 64)
    return run(cuda::std::integral_constant<int, 64>{});
  return run(cuda::std::integral_constant<int, 128>{});
}

} // namespace tirx_kernels
