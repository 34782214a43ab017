// The tirx kernels the PyTorch extension exposes, behind plain
// functions: tirx_ops_kernels.cu compiles them with nvcc (C++20, sm_90a),
// tirx_ops.cpp (the torch operators, compiled by the host compiler with
// PyTorch's headers) calls them. No torch header here, no tirx header there.
#pragma once

#include <cuda_runtime_api.h>

namespace tirx_ops {

/// D (m x n) = A (m x k) B^T, B given as n x k; all row-major bf16, fp32
/// accumulation (tirx_kernels::gemm_bf16_tn). Needs n and k multiples of
/// 8 and 16-byte aligned pointers; throws std::invalid_argument otherwise.
cudaError_t gemm_bf16_tn(const void* a, const void* b, void* d, int m, int n, int k,
                         cudaStream_t stream);

/// y[r, c] = x[r, c] / sqrt(mean(x[r, :]^2) + eps) * w[c] over a rows x cols
/// row-major float32 matrix (tirx_kernels::rmsnorm: any size, any alignment).
cudaError_t rmsnorm_f32(const float* x, const float* w, float* y, long long rows, long long cols,
                        float eps, cudaStream_t stream);

/// The tensors and sizes of an attention forward: BSHD q, k, v, o (strides
/// in elements of the batch, sequence and head modes; the head dim
/// contiguous), lse (batch, heads_q, seqlen_q) fp32.
struct AttentionTensors {
  const void* q;
  const void* k;
  const void* v;
  void* o;
  float* lse;
  int batch, seqlen_q, seqlen_k, heads_q, heads_kv, head_dim;
  long long q_stride[3], k_stride[3], v_stride[3], o_stride[3];
  float scale; ///< 0: 1 / sqrt(head_dim)
  bool causal;
  // variable-length batches and paged KV caches (null: dense); see
  // tirx_kernels::AttentionArgs
  const int* cu_seqlens_q;
  const int* cu_seqlens_k;
  int total_q, total_k;
  const int* seqused_k;
  const int* block_table;
  int pages_per_seq, page_size, num_pages;
  void* workspace; ///< attention_fwd_workspace(t) bytes, or null: no split keys
};

/// The workspace bytes attention_fwd uses to split the keys of t (0: none).
size_t attention_fwd_workspace(const AttentionTensors& t);

/// o = softmax(scale q k^T + mask) v and lse (tirx_kernels::attention_forward),
/// bf16 or (fp16) half; throws std::invalid_argument for what it cannot take.
cudaError_t attention_fwd(const AttentionTensors& t, bool fp16, cudaStream_t stream);

/// The gradients of attention_fwd's o (tirx_kernels::attention_backward):
/// t as for the forward (o and lse its outputs), d_o the output gradient,
/// dq, dk, dv the results, workspace attention_bwd_workspace(t) bytes.
struct AttentionGradTensors {
  const void* d_o;
  void* dq;
  void* dk;
  void* dv;
  long long do_stride[3], dq_stride[3], dk_stride[3], dv_stride[3];
  void* workspace;
  bool deterministic;
};
size_t attention_bwd_workspace(const AttentionTensors& t);
cudaError_t attention_bwd(const AttentionTensors& t, const AttentionGradTensors& g, bool fp16,
                          cudaStream_t stream);

} // namespace tirx_ops
