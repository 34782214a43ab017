// GPU test of the FlashAttention backward (kernels/attention/attention.cuh,
// sm_90a): dQ, dK and dV for head dims 64 and 128, bf16 and fp16, causal
// (bottom-right aligned) and not, S_q and S_k from 1 to a few blocks with
// ragged tails, S_q above and below S_k, grouped-query and multi-query
// heads (dK and dV summed over each group), padded strides. The forward
// (tested by gpu_attention) gives O and the logsumexp; inputs and dO are
// seeded random normals; the gradients are compared with a host reference
// in double precision on the inputs as rounded, with P and dS rounded to
// the input type before their products and D = rowsum(dO O) taken from
// the forward's 16-bit O, as the kernel does (what is left is fp32
// accumulation and the output's rounding); outputs are poisoned (NaN)
// first, and the padding of strided outputs must stay poisoned. The
// deterministic mode runs twice and must give the same bits. Exit 0: all
// passed; 1: a case failed; 77: no GPU or not sm_90 (ctest: skipped).
// --quick: fewer cases (compute-sanitizer).
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
using tirx_kernels::AttentionGrads;

int failures = 0;

template <class T> struct Dev {
  T* p = nullptr;
  size_t n = 0;
  explicit Dev(size_t n_) : n(n_) { TIRX_CHECK_CUDA(cudaMalloc(&p, n * sizeof(T))); }
  ~Dev() { cudaFree(p); }
  void put(const std::vector<T>& h) {
    TIRX_CHECK_CUDA(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  }
  std::vector<T> get() const {
    std::vector<T> h(n);
    TIRX_CHECK_CUDA(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
  void poison() { TIRX_CHECK_CUDA(cudaMemset(p, 0xff, n * sizeof(T))); }
};

template <class T> void run_case(const Case& c, bool deterministic, std::mt19937& rng) {
  AttentionArgs a{};
  a.batch = c.batch, a.seqlen_q = c.sq, a.seqlen_k = c.sk, a.heads_q = c.hq, a.heads_kv = c.hkv;
  a.head_dim = c.d, a.causal = c.causal;
  auto strides = [&](long long(&s)[3], int seq, int heads) { padded_strides(c, s, seq, heads); };
  AttentionGrads g{};
  strides(a.q_stride, c.sq, c.hq), strides(a.o_stride, c.sq, c.hq);
  strides(a.k_stride, c.sk, c.hkv), strides(a.v_stride, c.sk, c.hkv);
  strides(g.do_stride, c.sq, c.hq), strides(g.dq_stride, c.sq, c.hq);
  strides(g.dk_stride, c.sk, c.hkv), strides(g.dv_stride, c.sk, c.hkv);
  g.deterministic = deterministic;
  const size_t nq = a.q_stride[0] * c.batch, nk = a.k_stride[0] * c.batch;
  std::normal_distribution<float> nd(0.0f, 1.0f);
  std::vector<T> hq(nq), hk(nk), hv(nk), hdo(nq);
  for (auto* v : {&hq, &hk, &hv, &hdo})
    for (auto& x : *v)
      x = from_float<T>(nd(rng));
  Dev<T> q(nq), k(nk), v(nk), o(nq), d_o(nq), dq(nq), dk(nk), dv(nk);
  Dev<float> lse(static_cast<size_t>(c.batch) * c.hq * c.sq);
  q.put(hq), k.put(hk), v.put(hv), d_o.put(hdo);
  o.poison(), lse.poison(), dq.poison(), dk.poison(), dv.poison();
  a.q = q.p, a.k = k.p, a.v = v.p, a.o = o.p, a.lse = lse.p;
  TIRX_CHECK_CUDA(tirx_kernels::attention_forward<T>(a));
  const std::vector<T> ho = o.get(); // D = rowsum(dO O) of the O the backward is given
  g.d_o = d_o.p, g.dq = dq.p, g.dk = dk.p, g.dv = dv.p;
  Dev<unsigned char> ws(tirx_kernels::attention_backward_workspace(a));
  TIRX_CHECK_CUDA(cudaMemset(ws.p, 0xff, ws.n)); // the backward clears what it needs
  g.workspace = ws.p;
  TIRX_CHECK_CUDA(tirx_kernels::attention_backward<T>(a, g));
  TIRX_CHECK_LAUNCH("attention_backward");
  const std::vector<T> gq = dq.get(), gk = dk.get(), gv = dv.get();
  int bad = 0;
  if (deterministic) { // a second run gives the same bits
    dq.poison(), dk.poison(), dv.poison();
    TIRX_CHECK_CUDA(tirx_kernels::attention_backward<T>(a, g));
    TIRX_CHECK_LAUNCH("attention_backward (second run)");
    const std::vector<T> q2 = dq.get(), k2 = dk.get(), v2 = dv.get();
    if (std::memcmp(q2.data(), gq.data(), nq * sizeof(T)) != 0 ||
        std::memcmp(k2.data(), gk.data(), nk * sizeof(T)) != 0 ||
        std::memcmp(v2.data(), gv.data(), nk * sizeof(T)) != 0) {
      std::printf("  the deterministic backward gave other bits on a second run\n");
      ++bad;
    }
  }

  // the reference: P, dP = dO V^T, D = rowsum(dO O), dS = P (dP - D)
  const double scale = 1.0 / std::sqrt(static_cast<double>(c.d));
  std::vector<double> rq(nq, 0.0), rk(nk, 0.0), rv(nk, 0.0);
  std::vector<double> p(static_cast<size_t>(c.sq) * c.sk), ds(p.size());
  for (int b = 0; b < c.batch; ++b)
    for (int h = 0; h < c.hq; ++h) {
      const int hk_ = h / (c.hq / c.hkv);
      auto Q = [&](int i, int e) {
        return to_double(hq[b * a.q_stride[0] + i * a.q_stride[1] + h * a.q_stride[2] + e]);
      };
      auto DO = [&](int i, int e) {
        return to_double(hdo[b * g.do_stride[0] + i * g.do_stride[1] + h * g.do_stride[2] + e]);
      };
      auto kat = [&](int j, int e) {
        return b * a.k_stride[0] + j * a.k_stride[1] + hk_ * a.k_stride[2] + e;
      };
      for (int i = 0; i < c.sq; ++i) {
        double mx = -INFINITY;
        for (int j = 0; j < c.sk; ++j) {
          double dot = 0;
          for (int e = 0; e < c.d; ++e)
            dot += Q(i, e) * to_double(hk[kat(j, e)]);
          const bool seen = !c.causal || j <= i + (c.sk - c.sq);
          p[i * c.sk + j] = seen ? dot * scale : -INFINITY;
          mx = std::max(mx, p[i * c.sk + j]);
        }
        double sum = 0;
        for (int j = 0; j < c.sk; ++j)
          sum += mx == -INFINITY ? 0.0 : std::exp(p[i * c.sk + j] - mx);
        for (int j = 0; j < c.sk; ++j)
          p[i * c.sk + j] = sum == 0 ? 0.0 : std::exp(p[i * c.sk + j] - mx) / sum;
        double dsum = 0; // rowsum(dO O), O the forward's (16-bit) output
        for (int e = 0; e < c.d; ++e)
          dsum += to_double(ho[b * a.o_stride[0] + i * a.o_stride[1] + h * a.o_stride[2] + e]) *
                  DO(i, e);
        for (int j = 0; j < c.sk; ++j) {
          double dp = 0;
          for (int e = 0; e < c.d; ++e)
            dp += DO(i, e) * to_double(hv[kat(j, e)]);
          ds[i * c.sk + j] = p[i * c.sk + j] * (dp - dsum);
        }
      }
      for (int i = 0; i < c.sq; ++i)
        for (int j = 0; j < c.sk; ++j) {
          // P and dS as the kernel rounds them before their matrix products
          const double pij = to_double(from_float<T>(static_cast<float>(p[i * c.sk + j])));
          const double dsij = to_double(from_float<T>(static_cast<float>(ds[i * c.sk + j])));
          if (pij == 0 && dsij == 0)
            continue;
          for (int e = 0; e < c.d; ++e) {
            rq[b * g.dq_stride[0] + i * g.dq_stride[1] + h * g.dq_stride[2] + e] +=
                scale * dsij * to_double(hk[kat(j, e)]);
            rk[kat(j, e)] += scale * dsij * Q(i, e);
            rv[kat(j, e)] += pij * DO(i, e);
          }
        }
    }
  // compare: |got - ref| <= 2e-2 (|ref| + rms(ref)) + 1e-4; the padding stays NaN
  auto check = [&](const char* name, const std::vector<T>& got, const std::vector<double>& ref,
                   const long long(&st)[3], int seq, int heads) {
    std::vector<bool> real(got.size(), false);
    double ss = 0;
    size_t n = 0;
    for (int b = 0; b < c.batch; ++b)
      for (int i = 0; i < seq; ++i)
        for (int h = 0; h < heads; ++h)
          for (int e = 0; e < c.d; ++e) {
            const size_t at = b * st[0] + i * st[1] + h * st[2] + e;
            real[at] = true, ss += ref[at] * ref[at], ++n;
          }
    const double rms = std::sqrt(ss / static_cast<double>(n > 0 ? n : 1)) + 1e-6;
    double worst = 0;
    for (size_t at = 0; at < got.size(); ++at) {
      const double x = to_double(got[at]);
      if (!real[at]) {
        if (!std::isnan(x) && bad++ < 5)
          std::printf("  %s: padding element %zu was written\n", name, at);
        continue;
      }
      const double err = std::isnan(x) ? INFINITY : std::abs(x - ref[at]);
      worst = std::max(worst, err / rms);
      if (!(err <= 2e-2 * (std::abs(ref[at]) + rms) + 1e-4) && bad++ < 5)
        std::printf("  %s element %zu: %g, want %g (rms %g)\n", name, at, x, ref[at], rms);
    }
    return worst;
  };
  const double eq = check("dQ", gq, rq, g.dq_stride, c.sq, c.hq);
  const double ek = check("dK", gk, rk, g.dk_stride, c.sk, c.hkv);
  const double ev = check("dV", gv, rv, g.dv_stride, c.sk, c.hkv);
  std::printf("%s %-5s b %d sq %5d sk %5d hq %2d hkv %2d d %3d pad %2d %-6s %-13s max err/rms "
              "dQ %.1e dK %.1e dV %.1e\n",
              bad ? "FAIL" : "ok  ", std::is_same_v<T, half> ? "fp16" : "bf16", c.batch, c.sq, c.sk,
              c.hq, c.hkv, c.d, c.pad, c.causal ? "causal" : "full",
              deterministic ? "deterministic" : "", eq, ek, ev);
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
      {1, 128, 128, 1, 1, 128, false, 0}, {1, 128, 128, 1, 1, 128, true, 0},
      {2, 300, 517, 4, 2, 128, false, 0}, {2, 300, 517, 4, 2, 128, true, 8},
      {1, 517, 300, 2, 1, 128, true, 0},  {1, 1, 1, 1, 1, 64, false, 0},
      {1, 1, 700, 3, 1, 64, true, 0},     {1, 700, 1, 2, 2, 64, true, 8},
      {2, 257, 383, 2, 2, 64, false, 0},  {1, 64, 64, 8, 1, 128, true, 0},
      {1, 640, 640, 2, 2, 64, true, 0},
  };
  int n = 0;
  for (const Case& c : cases) {
    const int i = n++;
    if (quick && i % 3 != 0)
      continue;
    run_case<nv_bfloat16>(c, false, rng);
    if (!quick && (c.d == 128 || c.sq == 1))
      run_case<half>(c, false, rng);
    if (!quick && i % 2 == 1)
      run_case<nv_bfloat16>(c, true, rng);
  }
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
