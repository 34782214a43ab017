// The attention entry points (host): tirx_kernels::attention_forward runs
// the FlashAttention forward of kernels/attention/attention_fwd.cuh on BSHD
// tensors of bf16 or fp16.
//
//   tirx_kernels::AttentionArgs a{};
//   a.q = q, a.k = k, a.v = v, a.o = o, a.lse = lse;          // device pointers
//   a.batch = 2, a.seqlen_q = a.seqlen_k = 4096, a.heads_q = 16, a.heads_kv = 16;
//   a.head_dim = 128, a.causal = true;
//   tirx_kernels::contiguous_bshd(a);                         // the strides of packed tensors
//   tirx_kernels::attention_forward<__nv_bfloat16>(a, stream);
//
// tirx_kernels::attention_backward runs kernels/attention/attention_bwd.cuh:
// dq, dk and dv from the same arguments (with o and lse of the forward),
// the output gradient and a workspace of attention_backward_workspace(a)
// bytes on the device:
//
//   tirx_kernels::AttentionGrads g{};
//   g.d_o = d_o, g.dq = dq, g.dk = dk, g.dv = dv;
//   tirx_kernels::contiguous_bshd(g, a);
//   g.workspace = ws;                      // attention_backward_workspace(a) bytes
//   tirx_kernels::attention_backward<__nv_bfloat16>(a, g, stream);
//
// What the kernels cannot take is refused by throwing std::invalid_argument
// with one line naming the rule (attention_check, attention_backward_check).
#pragma once

#include "attention_bwd.cuh"
#include "attention_fwd.cuh"

#include <tirx/host/tensor_map.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace tirx_kernels {

/// The arguments of an attention launch. Tensors are BSHD: (batch,
/// sequence, head, head dim), head dim contiguous, strides in elements of
/// the batch, sequence and head modes (multiples of 8 elements: TMA reads
/// rows of 16 bytes). lse: (batch, heads_q, seqlen_q) fp32, or null.
struct AttentionArgs {
  const void* q = nullptr;
  const void* k = nullptr;
  const void* v = nullptr;
  void* o = nullptr;
  float* lse = nullptr;
  int batch = 1, seqlen_q = 0, seqlen_k = 0, heads_q = 1, heads_kv = 1, head_dim = 0;
  long long q_stride[3] = {}, k_stride[3] = {}, v_stride[3] = {}, o_stride[3] = {};
  float scale = 0.0f;  ///< 0: 1 / sqrt(head_dim)
  bool causal = false; ///< bottom-right aligned: row i sees keys j <= i + seqlen_k - seqlen_q
  /// Variable-length batches (forward): q and o hold every batch's rows in
  /// one packed (total_q, heads_q, head_dim) tensor, batch b's being rows
  /// [cu_seqlens_q[b], cu_seqlens_q[b + 1]) (batch + 1 device ints); k and v
  /// likewise with cu_seqlens_k and total_k. seqlen_q and seqlen_k are then
  /// the longest; lse is (heads_q, total_q). The batch strides are unused.
  const int* cu_seqlens_q = nullptr;
  const int* cu_seqlens_k = nullptr;
  int total_q = 0, total_k = 0;
  /// The keys batch b uses (batch device ints: a KV cache's lengths), or null.
  const int* seqused_k = nullptr;
  /// A paged KV cache (forward): k and v are (num_pages, page_size,
  /// heads_kv, head_dim), k_stride[0] / v_stride[0] the page strides; key j
  /// of batch b is row j % page_size of page block_table[b * pages_per_seq
  /// + j / page_size] (batch x pages_per_seq device ints). page_size is a
  /// multiple of 64; seqlen_k is the most keys of any batch.
  const int* block_table = nullptr;
  int pages_per_seq = 0, page_size = 0, num_pages = 0;
};

/// Sets the strides of packed BSHD tensors (q and o with heads_q heads, k
/// and v with heads_kv).
inline void contiguous_bshd(AttentionArgs& a) {
  auto set = [&](long long(&s)[3], int seq, int heads) {
    s[2] = a.head_dim;
    s[1] = static_cast<long long>(heads) * a.head_dim;
    s[0] = static_cast<long long>(seq) * s[1];
  };
  set(a.q_stride, a.seqlen_q, a.heads_q);
  set(a.o_stride, a.seqlen_q, a.heads_q);
  set(a.k_stride, a.seqlen_k, a.heads_kv);
  set(a.v_stride, a.seqlen_k, a.heads_kv);
}

/// Throws std::invalid_argument naming the first rule a breaks.
inline void attention_check(const AttentionArgs& a) {
  auto fail = [](const std::string& m) {
    throw std::invalid_argument("tirx_kernels::attention: " + m);
  };
  if (a.head_dim != 64 && a.head_dim != 128 && a.head_dim != 192 && a.head_dim != 256)
    fail("head_dim " + std::to_string(a.head_dim) + " is not one of 64, 128, 192, 256");
  if (a.batch < 1 || a.seqlen_q < 1 || a.seqlen_k < 1 || a.heads_q < 1 || a.heads_kv < 1)
    fail("batch, seqlen_q, seqlen_k, heads_q and heads_kv must be at least 1");
  if (a.heads_q % a.heads_kv != 0)
    fail("heads_q (" + std::to_string(a.heads_q) + ") must be a multiple of heads_kv (" +
         std::to_string(a.heads_kv) + ")");
  if (!a.q || !a.k || !a.v || !a.o)
    fail("q, k, v and o must be device pointers");
  const long long* strides[] = {a.q_stride, a.k_stride, a.v_stride, a.o_stride};
  const bool packed[] = {a.cu_seqlens_q != nullptr, a.cu_seqlens_k != nullptr,
                         a.cu_seqlens_k != nullptr, a.cu_seqlens_q != nullptr};
  for (int t = 0; t < 4; ++t)
    for (int i = packed[t] ? 1 : 0; i < 3; ++i)
      if (strides[t][i] <= 0 || strides[t][i] % 8 != 0)
        fail("every batch, sequence and head stride must be a positive multiple of 8 elements "
             "(16 bytes), got " +
             std::to_string(strides[t][i]));
  if (a.cu_seqlens_q && a.total_q < 1)
    fail("with cu_seqlens_q, total_q (the packed q's rows) must be at least 1, got " +
         std::to_string(a.total_q));
  if (a.cu_seqlens_k && a.total_k < 1)
    fail("with cu_seqlens_k, total_k (the packed k's rows) must be at least 1, got " +
         std::to_string(a.total_k));
  if (a.block_table) {
    if (a.cu_seqlens_k)
      fail("a paged KV cache (block_table) takes seqused_k, not cu_seqlens_k");
    if (a.page_size < 64 || a.page_size % 64 != 0)
      fail("page_size must be a positive multiple of 64 (the KV boxes' rows), got " +
           std::to_string(a.page_size));
    if (a.num_pages < 1)
      fail("num_pages must be at least 1, got " + std::to_string(a.num_pages));
    if (static_cast<long long>(a.pages_per_seq) * a.page_size < a.seqlen_k)
      fail("pages_per_seq (" + std::to_string(a.pages_per_seq) + ") pages of " +
           std::to_string(a.page_size) + " rows cannot hold seqlen_k (" +
           std::to_string(a.seqlen_k) + ") keys");
  }
}

namespace attention {
template <class Cfg> cudaError_t launch_forward(const AttentionArgs& a, cudaStream_t stream) {
  using T = typename Cfg::Elem;
  constexpr int D = Cfg::D;
  // (batch, seq, heads, D); a packed tensor is one batch of all rows, a
  // paged cache num_pages batches of page_size rows
  auto map_of = [&](const void* ptr, int batch, int seq, int heads, const long long(&st)[3],
                    auto box) {
    using B = decltype(box);
    const long long s0 = batch == 1 ? st[1] * seq : st[0];
    const long long e[4] = {batch, seq, heads, D}, s[4] = {s0, st[1], st[2], 1};
    return make_tensor_map<B::extents, B::value>(static_cast<const T*>(ptr), e, s);
  };
  const bool vq = a.cu_seqlens_q != nullptr, vk = a.cu_seqlens_k != nullptr;
  const int kv_batch = a.block_table ? a.num_pages : vk ? 1 : a.batch;
  const int kv_rows = a.block_table ? a.page_size : vk ? a.total_k : a.seqlen_k;
  const auto mq = map_of(a.q, vq ? 1 : a.batch, vq ? a.total_q : a.seqlen_q, a.heads_q, a.q_stride,
                         typename Cfg::QBox{});
  const auto mk = map_of(a.k, kv_batch, kv_rows, a.heads_kv, a.k_stride, typename Cfg::KVBox{});
  const auto mv = map_of(a.v, kv_batch, kv_rows, a.heads_kv, a.v_stride, typename Cfg::KVBox{});
  FwdParams<T> p{};
  p.batch = a.batch, p.heads_q = a.heads_q, p.heads_kv = a.heads_kv;
  p.seqlen_q = a.seqlen_q, p.seqlen_k = a.seqlen_k;
  p.scale = a.scale > 0.0f ? a.scale : 1.0f / std::sqrt(static_cast<float>(D));
  p.scale_log2 = p.scale * 1.4426950408889634f;
  p.o = static_cast<T*>(a.o);
  p.o_batch = vq ? 0 : a.o_stride[0], p.o_row = a.o_stride[1], p.o_head = a.o_stride[2];
  p.lse = a.lse;
  p.lse_batch = vq ? 0 : static_cast<long long>(a.heads_q) * a.seqlen_q;
  p.lse_head = vq ? a.total_q : a.seqlen_q;
  p.cu_seqlens_q = a.cu_seqlens_q, p.cu_seqlens_k = a.cu_seqlens_k, p.seqused_k = a.seqused_k;
  p.block_table = a.block_table, p.block_table_stride = a.pages_per_seq;
  p.page_size = a.page_size;
  auto kernel = attention_fwd_kernel<Cfg>;
  static bool configured = false;
  if (!configured) {
    const cudaError_t e =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::smem_bytes);
    if (e != cudaSuccess)
      return e;
    configured = true;
  }
  const dim3 grid((a.seqlen_q + block_m - 1) / block_m, a.heads_q, a.batch);
  kernel<<<grid, threads, Cfg::smem_bytes, stream>>>(mq, mk, mv, p);
  return cudaGetLastError();
}

/// The kernel configuration of head dim D: KV blocks of 128 rows (for D =
/// 192 112, and 96 when causal: the mask's registers would spill; 80 for D =
/// 256: two stages of K and V beside Q in 227 KB), 2 stages (3 for D = 64);
/// benchmarks/attention/bench_variants.cu measures the others
/// (records/attention.md).
template <class T, int D, bool Causal>
using DefaultFwd = FwdConfig<T, D,
                             D == 256   ? 80
                             : D == 192 ? (Causal ? 96 : 112)
                                        : 128,
                             D == 64 ? 3 : 2, Causal>;
/// With a paged KV cache: KV blocks of whole 64-row boxes (64 rows for D =
/// 192 and 256).
template <class T, int D, bool Causal>
using PagedFwd = FwdConfig<T, D, D >= 192 ? 64 : 128, D == 64 ? 3 : 2, Causal, true>;
} // namespace attention

/// The forward pass: o = softmax(scale q k^T + mask) v and lse (see
/// AttentionArgs). T: __nv_bfloat16 or __half. Asynchronous on stream.
template <class T> cudaError_t attention_forward(const AttentionArgs& a, cudaStream_t stream = 0) {
  using namespace attention;
  attention_check(a);
  auto run = [&](auto d) -> cudaError_t {
    constexpr int D = decltype(d)::value;
    if (a.block_table)
      return a.causal ? launch_forward<PagedFwd<T, D, true>>(a, stream)
                      : launch_forward<PagedFwd<T, D, false>>(a, stream);
    return a.causal ? launch_forward<DefaultFwd<T, D, true>>(a, stream)
                    : launch_forward<DefaultFwd<T, D, false>>(a, stream);
  };
  if (a.head_dim == 64)
    return run(cuda::std::integral_constant<int, 64>{});
  if (a.head_dim == 128)
    return run(cuda::std::integral_constant<int, 128>{});
  if (a.head_dim == 192)
    return run(cuda::std::integral_constant<int, 192>{});
  return run(cuda::std::integral_constant<int, 256>{});
}

} // namespace tirx_kernels

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
