// GPU test of the attention forward (kernels/attention/attention.cuh,
// sm_90a) on variable-length batches and paged KV caches: packed q/o and
// k/v with cumulative offsets (cu_seqlens_q/k), sequences from 1 row to a
// few blocks, S_q above and below S_k per batch, seqused_k over dense and
// packed keys, and KV caches of 64-, 128- and 256-row pages in a shuffled
// block table (decode with one query row, prefill with many), causal
// (bottom-right aligned per batch) and not, grouped-query heads, head dims
// 64, 128, 192 and 256; keys split into shares merged by their
// logsumexps (forced share counts, shares without keys, the chosen count;
// the partials' workspace poisoned). Inputs are seeded random normals; O
// and the logsumexp are compared with a host reference in double
// precision on the inputs as rounded; outputs are poisoned (NaN) first and
// rows that belong to no batch must stay poisoned. Exit 0: all passed; 1:
// a case failed; 77: no GPU or not sm_90 (ctest: skipped). --quick: fewer
// cases.
#include "attention_cases.hpp"

#include "../../kernels/attention/attention.cuh"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

namespace {

using namespace attention_test;
using tirx_kernels::AttentionArgs;

int failures = 0;

struct VarCase {
  std::vector<int> q_lens, k_lens; ///< per batch: query rows, keys
  int hq, hkv, d;
  bool causal;
  /// how the keys are stored: packed (cu_seqlens_k), dense (batch x most
  /// keys, seqused_k) or paged (page_size rows a page, seqused_k)
  enum Keys { packed, dense, paged } keys;
  int page_size;   ///< paged only
  bool varlen_q;   ///< q packed (cu_seqlens_q) or dense (every batch q_lens[0] rows)
  int slack_rows;  ///< rows past the last batch's in packed q/o: stay poisoned
  int splits = -1; ///< split keys: -1 none (no workspace), 0 chosen, else forced
};

template <class T> T* to_device(const std::vector<T>& h) {
  T* d = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&d, std::max<size_t>(h.size(), 1) * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T> void run_case(const VarCase& c, std::mt19937& rng) {
  const int batch = static_cast<int>(c.q_lens.size());
  const int d = c.d;
  std::vector<int> cu_q(batch + 1, 0), cu_k(batch + 1, 0);
  for (int b = 0; b < batch; ++b) {
    cu_q[b + 1] = cu_q[b] + (c.varlen_q ? c.q_lens[b] : c.q_lens[0]);
    cu_k[b + 1] = cu_k[b] + c.k_lens[b];
  }
  const int max_q = c.varlen_q ? *std::max_element(c.q_lens.begin(), c.q_lens.end()) : c.q_lens[0];
  const int max_k = *std::max_element(c.k_lens.begin(), c.k_lens.end());
  const int q_rows = cu_q[batch] + (c.varlen_q ? c.slack_rows : 0);

  // where key j of batch b lives: row index into a (rows, hkv, d) tensor
  int kv_rows = 0, pages_per_seq = 0, num_pages = 0;
  std::vector<int> table;
  if (c.keys == VarCase::packed)
    kv_rows = cu_k[batch];
  else if (c.keys == VarCase::dense)
    kv_rows = batch * max_k;
  else {
    pages_per_seq = (max_k + c.page_size - 1) / c.page_size;
    num_pages = batch * pages_per_seq + 3; // a few pages no batch uses
    table.resize(static_cast<size_t>(batch) * pages_per_seq);
    std::vector<int> ids(num_pages);
    std::iota(ids.begin(), ids.end(), 0);
    std::shuffle(ids.begin(), ids.end(), rng);
    std::copy(ids.begin(), ids.begin() + table.size(), table.begin());
    kv_rows = num_pages * c.page_size;
  }
  auto key_row = [&](int b, int j) -> long long {
    if (c.keys == VarCase::packed)
      return cu_k[b] + j;
    if (c.keys == VarCase::dense)
      return static_cast<long long>(b) * max_k + j;
    return static_cast<long long>(table[b * pages_per_seq + j / c.page_size]) * c.page_size +
           j % c.page_size;
  };

  std::normal_distribution<float> nd(0.0f, 1.0f);
  const size_t nq = static_cast<size_t>(q_rows) * c.hq * d,
               nk = static_cast<size_t>(kv_rows) * c.hkv * d;
  std::vector<T> hq(nq), hk(nk), hv(nk);
  for (auto& x : hq)
    x = from_float<T>(nd(rng));
  for (auto& x : hk)
    x = from_float<T>(nd(rng));
  for (auto& x : hv)
    x = from_float<T>(nd(rng));
  T *dq = to_device(hq), *dk = to_device(hk), *dv = to_device(hv), *dout = nullptr;
  float* dlse = nullptr;
  const size_t nlse = static_cast<size_t>(c.hq) * q_rows;
  TIRX_CHECK_CUDA(cudaMalloc(&dout, nq * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMalloc(&dlse, nlse * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemset(dout, 0xff, nq * sizeof(T))); // NaN
  TIRX_CHECK_CUDA(cudaMemset(dlse, 0xff, nlse * sizeof(float)));
  std::vector<int> used(c.k_lens);
  int *d_cu_q = to_device(cu_q), *d_cu_k = to_device(cu_k), *d_used = to_device(used);
  int* d_table = to_device(table);

  AttentionArgs a{};
  a.batch = batch, a.seqlen_q = max_q, a.seqlen_k = max_k, a.heads_q = c.hq, a.heads_kv = c.hkv;
  a.head_dim = d, a.causal = c.causal;
  const long long q_row = static_cast<long long>(c.hq) * d,
                  k_row = static_cast<long long>(c.hkv) * d;
  for (long long* s : {a.q_stride, a.o_stride})
    s[0] = q_row * max_q, s[1] = q_row, s[2] = d;
  for (long long* s : {a.k_stride, a.v_stride})
    s[0] = k_row * (c.keys == VarCase::paged ? c.page_size : max_k), s[1] = k_row, s[2] = d;
  if (c.varlen_q)
    a.cu_seqlens_q = d_cu_q, a.total_q = q_rows;
  if (c.keys == VarCase::packed)
    a.cu_seqlens_k = d_cu_k, a.total_k = kv_rows;
  else
    a.seqused_k = d_used;
  if (c.keys == VarCase::paged)
    a.block_table = d_table, a.pages_per_seq = pages_per_seq, a.page_size = c.page_size,
    a.num_pages = num_pages;
  a.q = dq, a.k = dk, a.v = dv, a.o = dout, a.lse = dlse;
  void* workspace = nullptr;
  if (c.splits >= 0) {
    a.num_splits = c.splits;
    const size_t bytes = tirx_kernels::attention_forward_workspace(a);
    TIRX_CHECK_CUDA(cudaMalloc(&workspace, bytes > 0 ? bytes : 256));
    TIRX_CHECK_CUDA(cudaMemset(workspace, 0xff, bytes > 0 ? bytes : 256)); // NaN partials
    a.workspace = workspace;
  }
  TIRX_CHECK_CUDA(tirx_kernels::attention_forward<T>(a));
  TIRX_CHECK_LAUNCH("attention_forward");
  std::vector<T> ho(nq);
  std::vector<float> hl(nlse);
  TIRX_CHECK_CUDA(cudaMemcpy(ho.data(), dout, nq * sizeof(T), cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(hl.data(), dlse, nlse * sizeof(float), cudaMemcpyDeviceToHost));
  for (void* p : {static_cast<void*>(dq), static_cast<void*>(dk), static_cast<void*>(dv),
                  static_cast<void*>(dout), static_cast<void*>(dlse), static_cast<void*>(d_cu_q),
                  static_cast<void*>(d_cu_k), static_cast<void*>(d_used),
                  static_cast<void*>(d_table), workspace})
    cudaFree(p);

  const double scale = 1.0 / std::sqrt(static_cast<double>(d));
  const double tol = 2e-2; // P is rounded to 16 bits before P V
  double worst = 0;
  int bad = 0;
  std::vector<bool> written(nq, false);
  std::vector<double> srow(max_k);
  for (int b = 0; b < batch; ++b) {
    const int sq = cu_q[b + 1] - cu_q[b], sk = c.k_lens[b];
    for (int h = 0; h < c.hq; ++h) {
      const int hk_ = h / (c.hq / c.hkv);
      for (int i = 0; i < sq; ++i) {
        const long long qr = c.varlen_q ? cu_q[b] + i : static_cast<long long>(b) * max_q + i;
        const T* qi = &hq[(qr * c.hq + h) * d];
        double mx = -INFINITY;
        for (int j = 0; j < sk; ++j) {
          const T* kj = &hk[(key_row(b, j) * c.hkv + hk_) * d];
          double dot = 0;
          for (int e = 0; e < d; ++e)
            dot += to_double(qi[e]) * to_double(kj[e]);
          srow[j] = !c.causal || j <= i + (sk - sq) ? dot * scale : -INFINITY;
          mx = std::max(mx, srow[j]);
        }
        double sum = 0;
        for (int j = 0; j < sk; ++j)
          sum += mx == -INFINITY ? 0.0 : std::exp(srow[j] - mx);
        const double lse_ref = sum == 0 ? INFINITY : mx + std::log(sum);
        const size_t lse_at = c.varlen_q ? static_cast<size_t>(h) * q_rows + cu_q[b] + i
                                         : (static_cast<size_t>(b) * c.hq + h) * max_q + i;
        const float lse = hl[lse_at];
        const bool lse_ok = std::isinf(lse_ref)
                                ? (std::isinf(lse) && lse > 0)
                                : std::abs(lse - lse_ref) <= 1e-3 * (1 + std::abs(lse_ref));
        if (!lse_ok && bad++ < 5)
          std::printf("  lse (b %d, h %d, row %d): %g, want %g\n", b, h, i, lse, lse_ref);
        for (int e = 0; e < d; ++e) {
          double ref = 0;
          for (int j = 0; j < sk; ++j)
            if (sum > 0 && srow[j] != -INFINITY)
              ref += std::exp(srow[j] - mx) / sum *
                     to_double(hv[(key_row(b, j) * c.hkv + hk_) * d + e]);
          const size_t at = (qr * c.hq + h) * d + e;
          written[at] = true;
          const double got = to_double(ho[at]);
          const double err = std::abs(got - ref);
          worst = std::max(worst, std::isnan(got) ? INFINITY : err);
          if (!(err <= tol * (1 + std::abs(ref))) && bad++ < 5)
            std::printf("  O (b %d, h %d, row %d, col %d): %g, want %g\n", b, h, i, e, got, ref);
        }
      }
    }
  }
  for (size_t i = 0; i < nq;
       ++i) // rows of no batch (and a dense q's unused rows) keep their poison
    if (!written[i] && !std::isnan(to_double(ho[i])) && bad++ < 5)
      std::printf("  element %zu of no row was written\n", i);
  static const char* const key_names[] = {"packed", "dense+used", "paged"};
  std::printf("%s %-5s batch %d q %s max %4d keys %-10s max %4d page %3d hq %2d hkv %d d %3d %-6s "
              "splits %2d pack %d max |dO| %.2e\n",
              bad ? "FAIL" : "ok  ", std::is_same_v<T, half> ? "fp16" : "bf16", batch,
              c.varlen_q ? "varlen" : "dense ", max_q, key_names[c.keys], max_k,
              c.keys == VarCase::paged ? c.page_size : 0, c.hq, c.hkv, d,
              c.causal ? "causal" : "full", c.splits, tirx_kernels::attention::forward_pack(a),
              worst);
  failures += bad > 0;
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = skip_unless_sm90())
    return rc;
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::mt19937 rng(20261208);
  using K = VarCase;
  // {q_lens, k_lens, hq, hkv, d, causal, keys, page_size, varlen_q, slack_rows}
  const VarCase cases[] = {
      {{1, 300, 128, 517}, {700, 1, 256, 300}, 4, 2, 128, false, K::packed, 0, true, 5},
      {{1, 300, 128, 517}, {700, 1, 256, 300}, 4, 2, 128, true, K::packed, 0, true, 0},
      {{129, 64, 200}, {129, 1000, 50}, 2, 1, 64, true, K::packed, 0, true, 3},
      {{200, 17}, {260, 300}, 2, 2, 256, true, K::packed, 0, true, 0},
      {{300, 300, 300}, {1, 400, 700}, 4, 1, 128, true, K::dense, 0, false, 0},
      {{1, 1, 1, 1}, {1, 700, 129, 1024}, 8, 1, 128, false, K::paged, 64, false, 0},
      {{1, 1, 1}, {300, 5, 1000}, 8, 2, 64, true, K::paged, 128, false, 0},
      {{200, 200}, {1000, 333}, 4, 4, 128, true, K::paged, 256, false, 0},
      {{65, 3, 130}, {600, 64, 130}, 2, 1, 128, true, K::paged, 64, true, 2},
      {{100, 7}, {400, 900}, 2, 1, 256, false, K::paged, 128, true, 0},
      {{150, 40}, {150, 600}, 2, 2, 192, true, K::packed, 0, true, 0},
      {{1, 1}, {500, 64}, 4, 1, 192, false, K::paged, 64, false, 0},
      // split keys: forced uneven shares, empty shares, causal, and chosen
      {{1, 1}, {2000, 700}, 8, 2, 128, false, K::dense, 0, false, 0, 5},
      {{1, 1, 1}, {300, 1000, 129}, 8, 1, 64, true, K::paged, 128, false, 0, 7},
      {{200, 3}, {1500, 900}, 2, 1, 128, true, K::packed, 0, true, 4, 3},
      {{64}, {600}, 2, 2, 256, true, K::dense, 0, false, 0, 12},
      {{1, 1}, {8000, 4096}, 8, 2, 128, false, K::paged, 256, false, 0, 0},
      // query heads packed per KV head (forward_pack 4 or 8): causal rows of
      // several positions, several row blocks, with pages and split keys
      {{5, 17, 1}, {300, 40, 129}, 8, 2, 128, true, K::packed, 0, true, 0},
      {{100, 33}, {700, 64}, 16, 2, 64, true, K::dense, 0, false, 0},
      {{3, 120}, {1000, 300}, 8, 1, 128, false, K::paged, 64, true, 2, 3},
      {{7, 2}, {900, 2000}, 32, 4, 128, true, K::paged, 128, false, 0, 0},
  };
  int n = 0;
  for (const VarCase& c : cases) {
    if (quick && n++ % 3 != 0)
      continue;
    run_case<nv_bfloat16>(c, rng);
    if (!quick && c.d == 128)
      run_case<half>(c, rng);
  }
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
