// GPU test of the FlashAttention forward (kernels/attention/attention.cuh,
// sm_90a): head dims 64, 128, 192 and 256, bf16 and fp16, causal (bottom-right
// aligned) and not, S_q and S_k from 1 to a few blocks with ragged tails,
// S_q above and below S_k, grouped-query and multi-query heads, and
// tensors with padded strides. Inputs are seeded random normals; O and the
// logsumexp are compared with a host reference in double precision on the
// inputs as rounded; outputs are poisoned (NaN) first, and the padding of
// strided outputs must stay poisoned. Rows that see no key (causal, S_q >
// S_k) must give O = 0 and lse = +inf. Exit 0: all passed; 1: a case
// failed; 77: no GPU or not sm_90 (ctest: skipped). --quick: fewer cases
// (compute-sanitizer).
#include "attention_cases.hpp"

#include "../../kernels/attention/attention.cuh"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace attention_test;
using tirx_kernels::AttentionArgs;

int failures = 0;

template <class T> void run_case(const Case& c, std::mt19937& rng) {
  AttentionArgs a{};
  a.batch = c.batch, a.seqlen_q = c.sq, a.seqlen_k = c.sk, a.heads_q = c.hq, a.heads_kv = c.hkv;
  a.head_dim = c.d, a.causal = c.causal;
  // BSHD with padding: head stride d + pad, row stride heads * (d + pad) + pad
  auto strides = [&](long long(&s)[3], int seq, int heads) { padded_strides(c, s, seq, heads); };
  strides(a.q_stride, c.sq, c.hq);
  strides(a.o_stride, c.sq, c.hq);
  strides(a.k_stride, c.sk, c.hkv);
  strides(a.v_stride, c.sk, c.hkv);
  const size_t nq = a.q_stride[0] * c.batch, nk = a.k_stride[0] * c.batch;
  std::normal_distribution<float> nd(0.0f, 1.0f);
  std::vector<T> hq(nq), hk(nk), hv(nk);
  for (auto& x : hq)
    x = from_float<T>(nd(rng));
  for (auto& x : hk)
    x = from_float<T>(nd(rng));
  for (auto& x : hv)
    x = from_float<T>(nd(rng));
  T *dq, *dk, *dv, *dout;
  float* dlse;
  const size_t nlse = static_cast<size_t>(c.batch) * c.hq * c.sq;
  TIRX_CHECK_CUDA(cudaMalloc(&dq, nq * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMalloc(&dk, nk * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMalloc(&dv, nk * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMalloc(&dout, nq * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMalloc(&dlse, nlse * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(dq, hq.data(), nq * sizeof(T), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(dk, hk.data(), nk * sizeof(T), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(dv, hv.data(), nk * sizeof(T), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dout, 0xff, nq * sizeof(T))); // NaN
  TIRX_CHECK_CUDA(cudaMemset(dlse, 0xff, nlse * sizeof(float)));
  a.q = dq, a.k = dk, a.v = dv, a.o = dout, a.lse = dlse;
  TIRX_CHECK_CUDA(tirx_kernels::attention_forward<T>(a));
  TIRX_CHECK_LAUNCH("attention_forward");
  std::vector<T> ho(nq);
  std::vector<float> hl(nlse);
  TIRX_CHECK_CUDA(cudaMemcpy(ho.data(), dout, nq * sizeof(T), cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(hl.data(), dlse, nlse * sizeof(float), cudaMemcpyDeviceToHost));
  cudaFree(dq), cudaFree(dk), cudaFree(dv), cudaFree(dout), cudaFree(dlse);

  const double scale = 1.0 / std::sqrt(static_cast<double>(c.d));
  const double tol = 2e-2; // P is rounded to 16 bits before P V
  double worst = 0, worst_lse = 0;
  int bad = 0;
  std::vector<double> srow(c.sk);
  std::vector<bool> written(nq, false);
  for (int b = 0; b < c.batch; ++b)
    for (int h = 0; h < c.hq; ++h) {
      const int hk_ = h / (c.hq / c.hkv);
      for (int i = 0; i < c.sq; ++i) {
        const T* qi = &hq[b * a.q_stride[0] + i * a.q_stride[1] + h * a.q_stride[2]];
        double mx = -INFINITY;
        for (int j = 0; j < c.sk; ++j) {
          const bool seen = !c.causal || j <= i + (c.sk - c.sq);
          double dot = 0;
          const T* kj = &hk[b * a.k_stride[0] + j * a.k_stride[1] + hk_ * a.k_stride[2]];
          for (int e = 0; e < c.d; ++e)
            dot += static_cast<double>(to_double(qi[e])) * to_double(kj[e]);
          srow[j] = seen ? dot * scale : -INFINITY;
          mx = std::max(mx, srow[j]);
        }
        double sum = 0;
        for (int j = 0; j < c.sk; ++j)
          sum += mx == -INFINITY ? 0.0 : std::exp(srow[j] - mx);
        const double lse_ref = sum == 0 ? INFINITY : mx + std::log(sum);
        const float lse = hl[(static_cast<size_t>(b) * c.hq + h) * c.sq + i];
        const bool lse_ok = std::isinf(lse_ref)
                                ? (std::isinf(lse) && lse > 0)
                                : std::abs(lse - lse_ref) <= 1e-3 * (1 + std::abs(lse_ref));
        if (!lse_ok && bad++ < 5)
          std::printf("  lse (b %d, h %d, row %d): %g, want %g\n", b, h, i, lse, lse_ref);
        if (!std::isinf(lse_ref))
          worst_lse = std::max(worst_lse, std::abs(lse - lse_ref));
        for (int e = 0; e < c.d; ++e) {
          double ref = 0;
          for (int j = 0; j < c.sk; ++j)
            if (sum > 0 && srow[j] != -INFINITY)
              ref += std::exp(srow[j] - mx) / sum *
                     to_double(hv[b * a.v_stride[0] + j * a.v_stride[1] + hk_ * a.v_stride[2] + e]);
          const size_t at = b * a.o_stride[0] + i * a.o_stride[1] + h * a.o_stride[2] + e;
          written[at] = true;
          const double got = to_double(ho[at]);
          const double err = std::abs(got - ref);
          worst = std::max(worst, std::isnan(got) ? INFINITY : err);
          if (!(err <= tol * (1 + std::abs(ref))) && bad++ < 5)
            std::printf("  O (b %d, h %d, row %d, col %d): %g, want %g\n", b, h, i, e, got, ref);
        }
      }
    }
  for (size_t i = 0; i < nq; ++i) // the padding keeps its poison
    if (!written[i] && !std::isnan(to_double(ho[i])) && bad++ < 5)
      std::printf("  padding element %zu was written\n", i);
  std::printf(
      "%s %-5s b %d sq %5d sk %5d hq %2d hkv %2d d %3d pad %d %-8s max |dO| %.2e, max |dlse| "
      "%.2e\n",
      bad ? "FAIL" : "ok  ", std::is_same_v<T, half> ? "fp16" : "bf16", c.batch, c.sq, c.sk, c.hq,
      c.hkv, c.d, c.pad, c.causal ? "causal" : "full", worst, worst_lse);
  failures += bad > 0;
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = skip_unless_sm90())
    return rc;
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::mt19937 rng(20261207);
  // {batch, sq, sk, hq, hkv, d, causal, pad}
  const Case cases[] = {
      {1, 128, 128, 1, 1, 128, false, 0},  {1, 128, 128, 1, 1, 128, true, 0},
      {2, 300, 517, 4, 2, 128, false, 0},  {2, 300, 517, 4, 2, 128, true, 8},
      {1, 517, 300, 2, 1, 128, true, 0},   {1, 1, 1, 1, 1, 64, false, 0},
      {1, 1, 700, 3, 1, 64, true, 0},      {1, 700, 1, 2, 2, 64, true, 8},
      {2, 257, 383, 2, 2, 64, false, 0},   {1, 129, 1000, 2, 1, 256, true, 0},
      {1, 200, 260, 2, 2, 256, false, 16}, {1, 64, 64, 8, 1, 128, true, 0},
      {1, 200, 333, 2, 1, 192, true, 0},   {2, 129, 250, 2, 2, 192, false, 8},
      {2, 37, 300, 8, 2, 64, true, 0},     {1, 5, 1000, 16, 2, 128, false, 8},
  };
  int n = 0;
  for (const Case& c : cases) {
    if (quick && n++ % 3 != 0)
      continue;
    run_case<nv_bfloat16>(c, rng);
    if (!quick && (c.d == 128 || c.sq == 1))
      run_case<half>(c, rng);
  }
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
