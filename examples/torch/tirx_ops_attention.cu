// The attention forward behind torch.ops.tirx.attention_fwd (see
// tirx_ops_kernels.h): kernels/attention, bf16 or fp16, in its own
// translation unit so that it compiles beside the GEMM's.
#include "tirx_ops_kernels.h"

#include "../../kernels/attention/attention.cuh"

namespace tirx_ops {

cudaError_t attention_fwd(const AttentionTensors& t, bool fp16, cudaStream_t stream) {
  tirx_kernels::AttentionArgs a{};
  a.q = t.q, a.k = t.k, a.v = t.v, a.o = t.o, a.lse = t.lse;
  a.batch = t.batch, a.seqlen_q = t.seqlen_q, a.seqlen_k = t.seqlen_k;
  a.heads_q = t.heads_q, a.heads_kv = t.heads_kv, a.head_dim = t.head_dim;
  for (int i = 0; i < 3; ++i) {
    a.q_stride[i] = t.q_stride[i], a.k_stride[i] = t.k_stride[i];
    a.v_stride[i] = t.v_stride[i], a.o_stride[i] = t.o_stride[i];
  }
  a.scale = t.scale, a.causal = t.causal;
  return fp16 ? tirx_kernels::attention_forward<__half>(a, stream)
              : tirx_kernels::attention_forward<__nv_bfloat16>(a, stream);
}

} // namespace tirx_ops
