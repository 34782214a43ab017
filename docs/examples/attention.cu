// The code of docs/attention.md: a call of the attention forward on a small
// grouped-query problem, checked against the host on a few rows. Built for
// sm_90a; `ctest -L gpu` runs it; exit 77 without a GPU or on a GPU other
// than sm_90.
#include "../../kernels/attention/attention.cuh"

#include "gpu_check.hpp"

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

using bf16 = __nv_bfloat16;

// [snippet:call]
// q, o: (batch, seqlen_q, heads_q, 128); k, v: (batch, seqlen_k, heads_kv, 128); bf16
cudaError_t causal_gqa(const bf16* q, const bf16* k, const bf16* v, bf16* o, float* lse, int batch,
                       int seqlen_q, int seqlen_k, cudaStream_t stream) {
  tirx_kernels::AttentionArgs a{};
  a.q = q, a.k = k, a.v = v, a.o = o, a.lse = lse; // device pointers; lse may be null
  a.batch = batch, a.seqlen_q = seqlen_q, a.seqlen_k = seqlen_k;
  a.heads_q = 16, a.heads_kv = 4, a.head_dim = 128; // 4 query heads per KV head
  a.causal = true;                                  // bottom-right aligned
  tirx_kernels::contiguous_bshd(a);                 // packed tensors (or set a.q_stride, ...)
  return tirx_kernels::attention_forward<bf16>(a, stream);
}
// [/snippet]

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("SKIP: the attention kernel needs sm_90\n");
    return 77;
  }
  const int b = 1, sq = 200, sk = 300, hq = 16, hkv = 4, d = 128;
  std::mt19937 rng(5);
  std::normal_distribution<float> nd;
  std::vector<bf16> hq_(size_t(b) * sq * hq * d), hk(size_t(b) * sk * hkv * d), hv(hk.size());
  for (auto* v : {&hq_, &hk, &hv})
    for (auto& x : *v)
      x = __float2bfloat16(nd(rng));
  bf16 *q, *k, *v, *o;
  TIRX_CHECK_CUDA(cudaMalloc(&q, hq_.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&k, hk.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&v, hv.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&o, hq_.size() * 2));
  TIRX_CHECK_CUDA(cudaMemcpy(q, hq_.data(), hq_.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(k, hk.data(), hk.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(v, hv.data(), hv.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(causal_gqa(q, k, v, o, nullptr, b, sq, sk, 0));
  TIRX_CHECK_LAUNCH("causal_gqa");
  std::vector<bf16> ho(hq_.size());
  TIRX_CHECK_CUDA(cudaMemcpy(ho.data(), o, ho.size() * 2, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (int h : {0, 7, 15})
    for (int i : {0, 99, 199}) {
      const int g = h / (hq / hkv);
      std::vector<double> s(sk);
      double mx = -INFINITY, sum = 0;
      for (int j = 0; j < sk; ++j) {
        double dot = 0;
        for (int e = 0; e < d; ++e)
          dot += double(__bfloat162float(hq_[(size_t(i) * hq + h) * d + e])) *
                 __bfloat162float(hk[(size_t(j) * hkv + g) * d + e]);
        s[j] = j <= i + sk - sq ? dot / std::sqrt(double(d)) : -INFINITY;
        mx = std::max(mx, s[j]);
      }
      for (int j = 0; j < sk; ++j)
        sum += std::exp(s[j] - mx);
      for (int e = 0; e < d; ++e) {
        double ref = 0;
        for (int j = 0; j < sk; ++j)
          ref += std::exp(s[j] - mx) / sum * __bfloat162float(hv[(size_t(j) * hkv + g) * d + e]);
        worst = std::max(worst, std::abs(ref - __bfloat162float(ho[(size_t(i) * hq + h) * d + e])));
      }
    }
  const bool ok = worst <= 2e-2;
  std::printf("causal GQA attention, 9 rows checked: max |error| %.3e %s\n", worst,
              ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
