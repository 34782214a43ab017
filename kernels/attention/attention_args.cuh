// The arguments of the attention entry points (host): the tensors, their
// shapes and strides, the variable-length and paged-cache forms, and the
// checks that refuse what the kernels cannot take (attention_check throws
// std::invalid_argument with one line naming the rule).
#pragma once

#include <cstddef>
#include <cstdint>
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
  /// Split keys (forward): the CTAs of a query block share its keys
  /// num_splits ways and a second kernel merges their outputs by their
  /// logsumexps, so that few query blocks over many keys (a decode step)
  /// still fill the GPU. 0: attention_forward chooses (1 unless the grid of
  /// query blocks is under half a wave); workspace: a device buffer of
  /// attention_forward_workspace(a) bytes (256-byte aligned), or null: no
  /// split.
  int num_splits = 0;
  void* workspace = nullptr;
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
  if (a.num_splits < 0 || a.num_splits > 256)
    fail("num_splits must be 0 (chosen) or 1 to 256, got " + std::to_string(a.num_splits));
  if (a.num_splits > 1 && a.workspace == nullptr)
    fail("num_splits " + std::to_string(a.num_splits) +
         " needs a workspace of attention_forward_workspace(a) bytes");
  if (reinterpret_cast<std::uintptr_t>(a.workspace) % 256 != 0)
    fail("the workspace must be 256-byte aligned");
}

} // namespace tirx_kernels
