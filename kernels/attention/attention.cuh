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
// What the kernel cannot take is refused by throwing std::invalid_argument
// with one line naming the rule (attention_check).
#pragma once

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
  if (a.head_dim != 64 && a.head_dim != 128 && a.head_dim != 256)
    fail("head_dim " + std::to_string(a.head_dim) + " is not one of 64, 128, 256");
  if (a.batch < 1 || a.seqlen_q < 1 || a.seqlen_k < 1 || a.heads_q < 1 || a.heads_kv < 1)
    fail("batch, seqlen_q, seqlen_k, heads_q and heads_kv must be at least 1");
  if (a.heads_q % a.heads_kv != 0)
    fail("heads_q (" + std::to_string(a.heads_q) + ") must be a multiple of heads_kv (" +
         std::to_string(a.heads_kv) + ")");
  if (!a.q || !a.k || !a.v || !a.o)
    fail("q, k, v and o must be device pointers");
  const long long* strides[] = {a.q_stride, a.k_stride, a.v_stride, a.o_stride};
  for (const long long* s : strides)
    for (int i = 0; i < 3; ++i)
      if (s[i] <= 0 || s[i] % 8 != 0)
        fail("every batch, sequence and head stride must be a positive multiple of 8 elements "
             "(16 bytes), got " +
             std::to_string(s[i]));
}

namespace attention {
template <class Cfg> cudaError_t launch_forward(const AttentionArgs& a, cudaStream_t stream) {
  using T = typename Cfg::Elem;
  constexpr int D = Cfg::D;
  auto map_of = [&](const void* ptr, int seq, int heads, const long long(&st)[3], auto box) {
    using B = decltype(box);
    const long long e[4] = {a.batch, seq, heads, D}, s[4] = {st[0], st[1], st[2], 1};
    return make_tensor_map<B::extents, B::value>(static_cast<const T*>(ptr), e, s);
  };
  const auto mq = map_of(a.q, a.seqlen_q, a.heads_q, a.q_stride, typename Cfg::QBox{});
  const auto mk = map_of(a.k, a.seqlen_k, a.heads_kv, a.k_stride, typename Cfg::KVBox{});
  const auto mv = map_of(a.v, a.seqlen_k, a.heads_kv, a.v_stride, typename Cfg::KVBox{});
  FwdParams<T> p{};
  p.batch = a.batch, p.heads_q = a.heads_q, p.heads_kv = a.heads_kv;
  p.seqlen_q = a.seqlen_q, p.seqlen_k = a.seqlen_k;
  p.scale = a.scale > 0.0f ? a.scale : 1.0f / std::sqrt(static_cast<float>(D));
  p.scale_log2 = p.scale * 1.4426950408889634f;
  p.o = static_cast<T*>(a.o);
  p.o_batch = a.o_stride[0], p.o_row = a.o_stride[1], p.o_head = a.o_stride[2];
  p.lse = a.lse;
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

/// The kernel configuration of head dim D: KV blocks of 128 rows (80 for
/// D = 256), 2 stages (3 for D = 64); benchmarks/attention/bench_variants.cu
/// measures the others (records/attention.md).
template <class T, int D, bool Causal>
using DefaultFwd = FwdConfig<T, D, D == 256 ? 80 : 128, D == 64 ? 3 : 2, Causal>;
} // namespace attention

/// The forward pass: o = softmax(scale q k^T + mask) v and lse (see
/// AttentionArgs). T: __nv_bfloat16 or __half. Asynchronous on stream.
template <class T> cudaError_t attention_forward(const AttentionArgs& a, cudaStream_t stream = 0) {
  using namespace attention;
  attention_check(a);
  auto run = [&](auto d) -> cudaError_t {
    constexpr int D = decltype(d)::value;
    return a.causal ? launch_forward<DefaultFwd<T, D, true>>(a, stream)
                    : launch_forward<DefaultFwd<T, D, false>>(a, stream);
  };
  if (a.head_dim == 64)
    return run(cuda::std::integral_constant<int, 64>{});
  if (a.head_dim == 128)
    return run(cuda::std::integral_constant<int, 128>{});
  return run(cuda::std::integral_constant<int, 256>{});
}

} // namespace tirx_kernels
