// The attention forward and backward behind torch.ops.tirx.attention_fwd
// and attention_bwd (see tirx_ops_kernels.h): kernels/attention, bf16 or
// fp16, in their own translation unit so that they compile beside the
// GEMM's.
#include "tirx_ops_kernels.h"

#include "../../kernels/attention/attention.cuh"

namespace tirx_ops {

namespace {
tirx_kernels::AttentionArgs args_of(const AttentionTensors& t) {
  tirx_kernels::AttentionArgs a{};
  a.q = t.q, a.k = t.k, a.v = t.v, a.o = t.o, a.lse = t.lse;
  a.batch = t.batch, a.seqlen_q = t.seqlen_q, a.seqlen_k = t.seqlen_k;
  a.heads_q = t.heads_q, a.heads_kv = t.heads_kv, a.head_dim = t.head_dim;
  for (int i = 0; i < 3; ++i) {
    a.q_stride[i] = t.q_stride[i], a.k_stride[i] = t.k_stride[i];
    a.v_stride[i] = t.v_stride[i], a.o_stride[i] = t.o_stride[i];
  }
  a.scale = t.scale, a.causal = t.causal;
  a.cu_seqlens_q = t.cu_seqlens_q, a.cu_seqlens_k = t.cu_seqlens_k;
  a.total_q = t.total_q, a.total_k = t.total_k, a.seqused_k = t.seqused_k;
  a.block_table = t.block_table, a.pages_per_seq = t.pages_per_seq;
  a.page_size = t.page_size, a.num_pages = t.num_pages;
  a.workspace = t.workspace;
  return a;
}
} // namespace

cudaError_t attention_fwd(const AttentionTensors& t, bool fp16, cudaStream_t stream) {
  const tirx_kernels::AttentionArgs a = args_of(t);
  return fp16 ? tirx_kernels::attention_forward<__half>(a, stream)
              : tirx_kernels::attention_forward<__nv_bfloat16>(a, stream);
}

size_t attention_fwd_workspace(const AttentionTensors& t) {
  return tirx_kernels::attention_forward_workspace(args_of(t));
}

size_t attention_bwd_workspace(const AttentionTensors& t) {
  return tirx_kernels::attention_backward_workspace(args_of(t));
}

cudaError_t attention_bwd(const AttentionTensors& t, const AttentionGradTensors& g, bool fp16,
                          cudaStream_t stream) {
  const tirx_kernels::AttentionArgs a = args_of(t);
  tirx_kernels::AttentionGrads d{};
  d.d_o = g.d_o, d.dq = g.dq, d.dk = g.dk, d.dv = g.dv;
  for (int i = 0; i < 3; ++i) {
    d.do_stride[i] = g.do_stride[i], d.dq_stride[i] = g.dq_stride[i];
    d.dk_stride[i] = g.dk_stride[i], d.dv_stride[i] = g.dv_stride[i];
  }
  d.workspace = g.workspace, d.deterministic = g.deterministic;
  return fp16 ? tirx_kernels::attention_backward<__half>(a, d, stream)
              : tirx_kernels::attention_backward<__nv_bfloat16>(a, d, stream);
}

} // namespace tirx_ops
