// The code of docs/attention.md: a call of the attention forward and of its
// backward on a small grouped-query problem, checked against the host on a
// few rows. Built for
// sm_90a; `ctest -L gpu` runs it; exit 77 without a GPU or on a GPU other
// than sm_90.
#include "../../kernels/attention/attention.cuh"

#include <tirx/host/cuda_check.hpp>

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

// [snippet:backward]
// dq, dk, dv of the call above for the output gradient d_o (o and lse from
// the forward); dk and dv sum the 4 query heads of each KV head.
cudaError_t causal_gqa_backward(const bf16* q, const bf16* k, const bf16* v, const bf16* o,
                                float* lse, const bf16* d_o, bf16* dq, bf16* dk, bf16* dv,
                                int batch, int seqlen_q, int seqlen_k, cudaStream_t stream) {
  tirx_kernels::AttentionArgs a{};
  a.q = q, a.k = k, a.v = v, a.o = const_cast<bf16*>(o), a.lse = lse;
  a.batch = batch, a.seqlen_q = seqlen_q, a.seqlen_k = seqlen_k;
  a.heads_q = 16, a.heads_kv = 4, a.head_dim = 128, a.causal = true;
  tirx_kernels::contiguous_bshd(a);
  tirx_kernels::AttentionGrads g{};
  g.d_o = d_o, g.dq = dq, g.dk = dk, g.dv = dv;
  tirx_kernels::contiguous_bshd(g, a);
  g.deterministic = true;    // the same bits on every run
  void* workspace = nullptr; // fp32 dQ sums, row statistics, semaphores
  cudaError_t e =
      cudaMallocAsync(&workspace, tirx_kernels::attention_backward_workspace(a), stream);
  if (e != cudaSuccess)
    return e;
  g.workspace = workspace;
  e = tirx_kernels::attention_backward<bf16>(a, g, stream);
  cudaFreeAsync(workspace, stream);
  return e;
}
// [/snippet]

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
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

  // the backward: dV of KV head g, row j = sum over its query heads h and
  // rows i of P[h](i, j) dO[h](i, :); checked on a few rows
  std::vector<bf16> hdo(hq_.size());
  for (auto& x : hdo)
    x = __float2bfloat16(nd(rng));
  bf16 *d_o, *dq, *dk, *dv;
  float* lse;
  TIRX_CHECK_CUDA(cudaMalloc(&d_o, hdo.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&dq, hq_.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&dk, hk.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&dv, hv.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&lse, size_t(b) * hq * sq * 4));
  TIRX_CHECK_CUDA(cudaMemcpy(d_o, hdo.data(), hdo.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(causal_gqa(q, k, v, o, lse, b, sq, sk, 0));
  TIRX_CHECK_CUDA(causal_gqa_backward(q, k, v, o, lse, d_o, dq, dk, dv, b, sq, sk, 0));
  TIRX_CHECK_LAUNCH("causal_gqa_backward");
  std::vector<bf16> hdv(hv.size());
  TIRX_CHECK_CUDA(cudaMemcpy(hdv.data(), dv, hdv.size() * 2, cudaMemcpyDeviceToHost));
  double worst_dv = 0, scale_dv = 0;
  for (int g = 0; g < hkv; ++g)
    for (int j : {0, 150, 299}) {
      std::vector<double> ref(d, 0.0);
      for (int h = g * (hq / hkv); h < (g + 1) * (hq / hkv); ++h)
        for (int i = 0; i < sq; ++i) {
          if (j > i + sk - sq)
            continue;
          std::vector<double> s(sk);
          double mx = -INFINITY, sum = 0;
          for (int jj = 0; jj <= i + sk - sq; ++jj) {
            double dot = 0;
            for (int e = 0; e < d; ++e)
              dot += double(__bfloat162float(hq_[(size_t(i) * hq + h) * d + e])) *
                     __bfloat162float(hk[(size_t(jj) * hkv + g) * d + e]);
            s[jj] = dot / std::sqrt(double(d));
            mx = std::max(mx, s[jj]);
          }
          for (int jj = 0; jj <= i + sk - sq; ++jj)
            sum += std::exp(s[jj] - mx);
          const double pij = std::exp(s[j] - mx) / sum;
          for (int e = 0; e < d; ++e)
            ref[e] += pij * __bfloat162float(hdo[(size_t(i) * hq + h) * d + e]);
        }
      for (int e = 0; e < d; ++e) {
        const double got = __bfloat162float(hdv[(size_t(j) * hkv + g) * d + e]);
        worst_dv = std::max(worst_dv, std::isnan(got) ? INFINITY : std::abs(got - ref[e]));
        scale_dv = std::max(scale_dv, std::abs(ref[e]));
      }
    }
  const bool ok_dv = worst_dv <= 2e-2 * (1 + scale_dv);
  std::printf("its backward, dV of 12 rows checked: max |error| %.3e (max |dV| %.2f) %s\n",
              worst_dv, scale_dv, ok_dv ? "ok" : "FAILED");
  return ok && ok_dv ? 0 : 1;
}
