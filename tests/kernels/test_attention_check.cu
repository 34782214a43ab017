// Host test of the attention entry points' refusals (attention_check and
// attention_backward_check, kernels/attention/attention.cuh): every rule
// broken on purpose, one at a time, from arguments that pass, and the
// std::invalid_argument's one-line message checked. No GPU: the checks read
// the arguments only (the pointers are never dereferenced). Exit 0: all
// passed.
#include "../../kernels/attention/attention.cuh"

#include <cstdio>
#include <stdexcept>
#include <string>

using namespace tirx_kernels;

namespace {
int failures = 0;

AttentionArgs valid_args() {
  AttentionArgs a{};
  a.q = a.k = a.v = reinterpret_cast<const void*>(256);
  a.o = reinterpret_cast<void*>(512);
  a.lse = reinterpret_cast<float*>(1024);
  a.batch = 2, a.seqlen_q = 300, a.seqlen_k = 517, a.heads_q = 8, a.heads_kv = 2, a.head_dim = 128;
  contiguous_bshd(a);
  return a;
}
AttentionGrads valid_grads(const AttentionArgs& a) {
  AttentionGrads g{};
  g.d_o = reinterpret_cast<const void*>(2048);
  g.dq = g.dk = g.dv = reinterpret_cast<void*>(4096);
  g.workspace = reinterpret_cast<void*>(8192);
  contiguous_bshd(g, a);
  return g;
}

/// Runs check on the edited arguments; message: the expected what() (null: accepted).
template <class Check, class Edit>
void expect(const char* what, const char* message, Edit edit, Check check) {
  AttentionArgs a = valid_args();
  AttentionGrads g = valid_grads(a);
  edit(a, g);
  std::string got;
  try {
    check(a, g);
  } catch (const std::invalid_argument& e) {
    got = e.what();
  }
  const bool ok = message == nullptr ? got.empty() : got == message;
  std::printf("%s %s: %s\n", ok ? "PASS" : "FAIL", what, got.empty() ? "(accepted)" : got.c_str());
  failures += ok ? 0 : 1;
}
void forward(const AttentionArgs& a, const AttentionGrads&) { attention_check(a); }
void backward(const AttentionArgs& a, const AttentionGrads& g) { attention_backward_check(a, g); }
} // namespace

int main() {
  auto none = [](AttentionArgs&, AttentionGrads&) {};
  expect("forward, valid", nullptr, none, forward);
  expect("backward, valid", nullptr, none, backward);
  expect(
      "forward, head_dim 96",
      "tirx_kernels::attention: head_dim 96 is not one of 64, 128, 192, 256",
      [](AttentionArgs& a, AttentionGrads&) { a.head_dim = 96; }, forward);
  expect(
      "forward, seqlen_k 0",
      "tirx_kernels::attention: batch, seqlen_q, seqlen_k, heads_q and heads_kv must be at least 1",
      [](AttentionArgs& a, AttentionGrads&) { a.seqlen_k = 0; }, forward);
  expect(
      "forward, heads", "tirx_kernels::attention: heads_q (6) must be a multiple of heads_kv (4)",
      [](AttentionArgs& a, AttentionGrads&) { a.heads_q = 6, a.heads_kv = 4; }, forward);
  expect(
      "forward, null o", "tirx_kernels::attention: q, k, v and o must be device pointers",
      [](AttentionArgs& a, AttentionGrads&) { a.o = nullptr; }, forward);
  expect(
      "forward, stride",
      "tirx_kernels::attention: every batch, sequence and head stride must be a positive "
      "multiple of 8 elements (16 bytes), got 132",
      [](AttentionArgs& a, AttentionGrads&) { a.k_stride[2] = 132; }, forward);
  expect(
      "backward, head_dim 256",
      "tirx_kernels::attention_backward: head_dim 256 is not one of 64, 128",
      [](AttentionArgs& a, AttentionGrads&) { a.head_dim = 256; }, backward);
  expect(
      "backward, a forward rule",
      "tirx_kernels::attention: heads_q (6) must be a multiple of "
      "heads_kv (4)",
      [](AttentionArgs& a, AttentionGrads&) { a.heads_q = 6, a.heads_kv = 4; }, backward);
  expect(
      "backward, null lse",
      "tirx_kernels::attention_backward: lse (the forward's logsumexp) must be a device pointer",
      [](AttentionArgs& a, AttentionGrads&) { a.lse = nullptr; }, backward);
  expect(
      "backward, null workspace",
      "tirx_kernels::attention_backward: d_o, dq, dk, dv and workspace must be device pointers",
      [](AttentionArgs&, AttentionGrads& g) { g.workspace = nullptr; }, backward);
  expect(
      "backward, misaligned workspace",
      "tirx_kernels::attention_backward: the workspace must be 256-byte aligned",
      [](AttentionArgs&, AttentionGrads& g) { g.workspace = reinterpret_cast<void*>(8192 + 16); },
      backward);
  expect(
      "backward, gradient stride",
      "tirx_kernels::attention_backward: every batch, sequence and head stride must be a "
      "positive multiple of 8 elements (16 bytes), got 4",
      [](AttentionArgs&, AttentionGrads& g) { g.dv_stride[1] = 4; }, backward);
  // variable-length batches and paged KV caches
  const int* const ints = reinterpret_cast<const int*>(16384);
  auto varlen = [ints](AttentionArgs& a) {
    a.cu_seqlens_q = a.cu_seqlens_k = ints, a.total_q = 900, a.total_k = 1500;
    a.q_stride[0] = a.k_stride[0] = a.v_stride[0] = a.o_stride[0] = 0; // unused
  };
  auto paged = [ints](AttentionArgs& a) {
    a.block_table = ints, a.seqused_k = ints, a.page_size = 128, a.pages_per_seq = 5;
    a.num_pages = 12;
  };
  expect(
      "forward, varlen valid", nullptr, [&](AttentionArgs& a, AttentionGrads&) { varlen(a); },
      forward);
  expect(
      "forward, paged valid", nullptr, [&](AttentionArgs& a, AttentionGrads&) { paged(a); },
      forward);
  expect(
      "forward, varlen total_q",
      "tirx_kernels::attention: with cu_seqlens_q, total_q (the packed q's rows) must be at "
      "least 1, got 0",
      [&](AttentionArgs& a, AttentionGrads&) { varlen(a), a.total_q = 0; }, forward);
  expect(
      "forward, varlen total_k",
      "tirx_kernels::attention: with cu_seqlens_k, total_k (the packed k's rows) must be at "
      "least 1, got 0",
      [&](AttentionArgs& a, AttentionGrads&) { varlen(a), a.total_k = 0; }, forward);
  expect(
      "forward, varlen sequence stride",
      "tirx_kernels::attention: every batch, sequence and head stride must be a positive "
      "multiple of 8 elements (16 bytes), got 0",
      [&](AttentionArgs& a, AttentionGrads&) { varlen(a), a.q_stride[1] = 0; }, forward);
  expect(
      "forward, paged and cu_seqlens_k",
      "tirx_kernels::attention: a paged KV cache (block_table) takes seqused_k, not cu_seqlens_k",
      [&](AttentionArgs& a, AttentionGrads&) { varlen(a), paged(a); }, forward);
  expect(
      "forward, page_size",
      "tirx_kernels::attention: page_size must be a positive multiple of 64 (the KV boxes' "
      "rows), got 16",
      [&](AttentionArgs& a, AttentionGrads&) { paged(a), a.page_size = 16; }, forward);
  expect(
      "forward, num_pages", "tirx_kernels::attention: num_pages must be at least 1, got 0",
      [&](AttentionArgs& a, AttentionGrads&) { paged(a), a.num_pages = 0; }, forward);
  expect(
      "forward, pages_per_seq",
      "tirx_kernels::attention: pages_per_seq (4) pages of 128 rows cannot hold seqlen_k (517) "
      "keys",
      [&](AttentionArgs& a, AttentionGrads&) { paged(a), a.pages_per_seq = 4; }, forward);
  expect(
      "forward, num_splits without a workspace",
      "tirx_kernels::attention: num_splits 4 needs a workspace of attention_forward_workspace(a) "
      "bytes",
      [](AttentionArgs& a, AttentionGrads&) { a.num_splits = 4; }, forward);
  expect(
      "forward, num_splits negative",
      "tirx_kernels::attention: num_splits must be 0 (chosen) or 1 to 256, got -1",
      [](AttentionArgs& a, AttentionGrads&) { a.num_splits = -1; }, forward);
  expect(
      "forward, misaligned workspace",
      "tirx_kernels::attention: the workspace must be 256-byte aligned",
      [](AttentionArgs& a, AttentionGrads&) { a.workspace = reinterpret_cast<void*>(16400); },
      forward);
  expect(
      "backward, varlen",
      "tirx_kernels::attention_backward: variable-length batches and paged KV caches are "
      "forward only: pass dense tensors",
      [&](AttentionArgs& a, AttentionGrads&) { a.seqused_k = ints; }, backward);
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
