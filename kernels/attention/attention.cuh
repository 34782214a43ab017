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

#include "attention_args.cuh"
#include "attention_backward.cuh"
#include "attention_fwd.cuh"

#include <tirx/host/tensor_map.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace tirx_kernels {

namespace attention {
/// The query heads one CTA packs into its rows (FwdConfig's Pack): when the
/// query rows of one head do not fill a CTA's 128 (seqlen_q below 128:
/// decode, speculative decode), 8 or 4 heads that share a KV head, whatever
/// divides heads_q / heads_kv, so that K and V are read once for them; else
/// 1. Head dims 64 and 128.
inline int forward_pack(const AttentionArgs& a) {
  const int g = a.heads_kv > 0 ? a.heads_q / a.heads_kv : 1;
  if (a.seqlen_q >= block_m || (a.head_dim != 64 && a.head_dim != 128))
    return 1;
  return g % 8 == 0 ? 8 : g % 4 == 0 ? 4 : 1;
}
/// The shares of split keys a forward of a takes on a GPU of sms SMs (1:
/// none): a.num_splits, else about one wave of CTAs when the query blocks
/// fill less than half of one, each share at least 2 blocks of 128 keys.
inline int forward_splits(const AttentionArgs& a, int sms) {
  if (a.num_splits > 0)
    return a.num_splits;
  const int pack = forward_pack(a);
  const long long ctas = static_cast<long long>(a.batch) * (a.heads_q / pack) *
                         ((a.seqlen_q * pack + block_m - 1) / block_m);
  if (2 * ctas > sms)
    return 1;
  long long s = (sms + ctas - 1) / ctas;
  const long long most = (a.seqlen_k + 127) / 128 / 2;
  s = s < most ? s : most;
  return static_cast<int>(s < 1 ? 1 : s > 64 ? 64 : s);
}
/// The fp32 rows of one share's partial O and lse: lse's extent.
inline long long forward_rows(const AttentionArgs& a) {
  return a.cu_seqlens_q ? static_cast<long long>(a.heads_q) * a.total_q
                        : static_cast<long long>(a.batch) * a.heads_q * a.seqlen_q;
}
inline int device_sms() {
  int dev = 0, sms = 132;
  if (cudaGetDevice(&dev) == cudaSuccess)
    (void)cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  return sms;
}
/// The workspace bytes of splits shares: O (D fp32 a row), then lse.
inline long long forward_workspace(const AttentionArgs& a, int splits) {
  if (splits <= 1)
    return 0;
  const long long rows = splits * forward_rows(a);
  return (rows * a.head_dim * 4 + 255) / 256 * 256 + (rows * 4 + 255) / 256 * 256;
}

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
  const int splits = a.workspace != nullptr ? forward_splits(a, device_sms()) : 1;
  if (splits > 1) {
    auto* ws = static_cast<unsigned char*>(a.workspace);
    p.num_splits = splits, p.lse_split = forward_rows(a);
    const long long rows = splits * p.lse_split;
    p.o_partial = reinterpret_cast<float*>(ws);
    p.lse_partial = reinterpret_cast<float*>(ws + (rows * D * 4 + 255) / 256 * 256);
  }
  auto kernel = attention_fwd_kernel<Cfg>;
  static bool configured = false;
  if (!configured) {
    const cudaError_t e =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::smem_bytes);
    if (e != cudaSuccess)
      return e;
    configured = true;
  }
  constexpr int P = Cfg::pack;
  const dim3 grid((a.seqlen_q * P + block_m - 1) / block_m * splits, a.heads_q / P, a.batch);
  kernel<<<grid, threads, Cfg::smem_bytes, stream>>>(mq, mk, mv, p);
  if (splits > 1)
    attention_fwd_combine<T, D>
        <<<dim3((a.seqlen_q + 3) / 4, a.heads_q, a.batch), 128, 0, stream>>>(p);
  return cudaGetLastError();
}

/// The kernel configuration of head dim D: KV blocks of 128 rows (for D =
/// 192 112, and 96 when causal: the mask's registers would spill; 80 for D =
/// 256: two stages of K and V beside Q in 227 KB), 2 stages (3 for D = 64);
/// benchmarks/attention/bench_variants.cu measures the others
/// (records/attention.md).
template <class T, int D, bool Causal, int Pack = 1>
using DefaultFwd = FwdConfig<T, D,
                             D == 256   ? 80
                             : D == 192 ? (Causal ? 96 : 112)
                                        : 128,
                             D == 64 ? 3 : 2, Causal, false, Pack>;
/// With a paged KV cache: KV blocks of whole 64-row boxes (64 rows for D =
/// 192 and 256).
template <class T, int D, bool Causal, int Pack = 1>
using PagedFwd = FwdConfig<T, D, D >= 192 ? 64 : 128, D == 64 ? 3 : 2, Causal, true, Pack>;
/// The configuration of a forward: paged or not, heads packed (Pack).
template <class T, int D, bool Causal, bool Paged, int Pack>
using FwdOf =
    cuda::std::conditional_t<Paged, PagedFwd<T, D, Causal, Pack>, DefaultFwd<T, D, Causal, Pack>>;
} // namespace attention

/// The device workspace (bytes) a forward of a uses to split its keys on
/// the current GPU: 0 when it would not split (then a.workspace may stay
/// null).
inline size_t attention_forward_workspace(const AttentionArgs& a) {
  return static_cast<size_t>(
      attention::forward_workspace(a, attention::forward_splits(a, attention::device_sms())));
}

/// The forward pass: o = softmax(scale q k^T + mask) v and lse (see
/// AttentionArgs). T: __nv_bfloat16 or __half. Asynchronous on stream.
template <class T> cudaError_t attention_forward(const AttentionArgs& a, cudaStream_t stream = 0) {
  using namespace attention;
  attention_check(a);
  const int pack = forward_pack(a);
  auto run = [&](auto d) -> cudaError_t {
    constexpr int D = decltype(d)::value;
    auto go = [&](auto causal, auto paged) -> cudaError_t {
      constexpr bool C = decltype(causal)::value, Pg = decltype(paged)::value;
      if constexpr (D == 64 || D == 128) {
        if (pack == 8)
          return launch_forward<FwdOf<T, D, C, Pg, 8>>(a, stream);
        if (pack == 4)
          return launch_forward<FwdOf<T, D, C, Pg, 4>>(a, stream);
      }
      return launch_forward<FwdOf<T, D, C, Pg, 1>>(a, stream);
    };
    using yes = cuda::std::true_type;
    using no = cuda::std::false_type;
    if (a.block_table)
      return a.causal ? go(yes{}, yes{}) : go(no{}, yes{});
    return a.causal ? go(yes{}, no{}) : go(no{}, no{});
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
