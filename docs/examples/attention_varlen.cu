// The code of docs/attention.md's variable-length and KV-cache section:
// three sequences of different lengths packed into one tensor, and one
// decode step over a paged KV cache, each checked against the host on
// every row. Built for sm_90a; `ctest -L gpu` runs it; exit 77 without a
// GPU or on a GPU other than sm_90.
#include "../../kernels/attention/attention.cuh"

#include <tirx/host/cuda_check.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

using bf16 = __nv_bfloat16;

// [snippet:varlen]
// q, o: (total_q, 8, 64) and k, v: (total_k, 2, 64), bf16, the sequences
// one after another; cu_q, cu_k: batch + 1 device ints (0, 100, 350, ...)
cudaError_t packed_causal(const bf16* q, const bf16* k, const bf16* v, bf16* o, const int* cu_q,
                          const int* cu_k, int batch, int total_q, int total_k, int longest_q,
                          int longest_k, cudaStream_t stream) {
  tirx_kernels::AttentionArgs a{};
  a.q = q, a.k = k, a.v = v, a.o = o;
  a.batch = batch, a.heads_q = 8, a.heads_kv = 2, a.head_dim = 64, a.causal = true;
  a.seqlen_q = longest_q, a.seqlen_k = longest_k; // the grid covers the longest
  a.cu_seqlens_q = cu_q, a.cu_seqlens_k = cu_k;
  a.total_q = total_q, a.total_k = total_k; // the packed tensors' rows
  for (long long* s : {a.q_stride, a.o_stride})
    s[1] = 8 * 64, s[2] = 64; // (row, head); no batch stride
  for (long long* s : {a.k_stride, a.v_stride})
    s[1] = 2 * 64, s[2] = 64;
  return tirx_kernels::attention_forward<bf16>(a, stream);
}
// [/snippet]

// [snippet:paged]
// one new query row per sequence, q, o: (batch, 1, 8, 64), over a KV cache
// of pages (num_pages, 128, 2, 64); block_table: (batch, pages_per_seq)
// page ids, seqlens: the keys each sequence has (device ints)
cudaError_t decode_step(const bf16* q, const bf16* k_pages, const bf16* v_pages, bf16* o,
                        const int* block_table, const int* seqlens, int batch, int pages_per_seq,
                        int num_pages, cudaStream_t stream) {
  tirx_kernels::AttentionArgs a{};
  a.q = q, a.k = k_pages, a.v = v_pages, a.o = o;
  a.batch = batch, a.heads_q = 8, a.heads_kv = 2, a.head_dim = 64;
  a.seqlen_q = 1, a.seqlen_k = pages_per_seq * 128; // the most keys a sequence can have
  a.block_table = block_table, a.pages_per_seq = pages_per_seq;
  a.page_size = 128, a.num_pages = num_pages, a.seqused_k = seqlens;
  tirx_kernels::contiguous_bshd(a); // q and o packed BSHD
  for (long long* s : {a.k_stride, a.v_stride})
    s[0] = 128 * 2 * 64, s[1] = 2 * 64, s[2] = 64; // (page, row, head)
  // few query blocks over many keys: split the keys across CTAs
  const size_t bytes = tirx_kernels::attention_forward_workspace(a); // 0: no split
  if (bytes > 0)
    if (cudaError_t e = cudaMallocAsync(&a.workspace, bytes, stream); e != cudaSuccess)
      return e;
  const cudaError_t e = tirx_kernels::attention_forward<bf16>(a, stream);
  if (a.workspace != nullptr)
    cudaFreeAsync(a.workspace, stream);
  return e;
}
// [/snippet]

namespace {
std::mt19937 rng(11);

std::vector<bf16> random_bf16(size_t n) {
  std::normal_distribution<float> nd;
  std::vector<bf16> v(n);
  for (auto& x : v)
    x = __float2bfloat16(nd(rng));
  return v;
}
template <class T> T* device_copy(const std::vector<T>& h) {
  T* d = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
float f(bf16 x) { return __bfloat162float(x); }

/// The largest error of o's row (query qi of head h) against the host: keys
/// 0 .. n-1 (those past limit masked), key j at row key(j) of k and v.
template <class Key>
double row_error(const std::vector<bf16>& q, const std::vector<bf16>& k, const std::vector<bf16>& v,
                 const std::vector<bf16>& o, long long q_row, int h, int n, int limit, Key key) {
  const int hk = h / 4;
  std::vector<double> p(n);
  double mx = -INFINITY, sum = 0, worst = 0;
  for (int j = 0; j < n; ++j) {
    double dot = 0;
    for (int e = 0; e < 64; ++e)
      dot += f(q[(q_row * 8 + h) * 64 + e]) * f(k[(key(j) * 2 + hk) * 64 + e]);
    p[j] = j <= limit ? dot / 8.0 : -INFINITY;
    mx = std::max(mx, p[j]);
  }
  for (int j = 0; j < n; ++j)
    sum += p[j] = std::exp(p[j] - mx);
  for (int e = 0; e < 64; ++e) {
    double ref = 0;
    for (int j = 0; j < n; ++j)
      ref += p[j] / sum * f(v[(key(j) * 2 + hk) * 64 + e]);
    worst = std::max(worst, std::abs(f(o[(q_row * 8 + h) * 64 + e]) - ref));
  }
  return worst;
}
} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("SKIP: the attention kernel needs sm_90\n");
    return 77;
  }
  double worst = 0;
  { // three packed sequences: (100 queries, 250 keys), (1, 40), (300, 300)
    const std::vector<int> cu_q = {0, 100, 101, 401}, cu_k = {0, 250, 290, 590};
    auto hq = random_bf16(401 * 8 * 64), hk = random_bf16(590 * 2 * 64),
         hv = random_bf16(hk.size());
    bf16 *q = device_copy(hq), *k = device_copy(hk), *v = device_copy(hv), *o;
    int *dcu_q = device_copy(cu_q), *dcu_k = device_copy(cu_k);
    TIRX_CHECK_CUDA(cudaMalloc(&o, hq.size() * 2));
    TIRX_CHECK_CUDA(packed_causal(q, k, v, o, dcu_q, dcu_k, 3, 401, 590, 300, 300, 0));
    std::vector<bf16> ho(hq.size());
    TIRX_CHECK_CUDA(cudaMemcpy(ho.data(), o, ho.size() * 2, cudaMemcpyDeviceToHost));
    for (int b = 0; b < 3; ++b) {
      const int sq = cu_q[b + 1] - cu_q[b], sk = cu_k[b + 1] - cu_k[b];
      for (int i = 0; i < sq; ++i)
        for (int h = 0; h < 8; ++h)
          worst = std::max(worst, row_error(hq, hk, hv, ho, cu_q[b] + i, h, sk, i + sk - sq,
                                            [&](int j) { return cu_k[b] + j; }));
    }
    for (void* p : {(void*)q, (void*)k, (void*)v, (void*)o, (void*)dcu_q, (void*)dcu_k})
      cudaFree(p);
  }
  { // a decode step: 2 sequences of 300 and 129 keys in pages of 128 rows, shuffled
    const int pages_per_seq = 3, num_pages = 7;
    const std::vector<int> table = {5, 0, 3, 6, 2, 4}, seqlens = {300, 129};
    auto hq = random_bf16(2 * 8 * 64), hk = random_bf16(num_pages * 128 * 2 * 64);
    auto hv = random_bf16(hk.size());
    bf16 *q = device_copy(hq), *k = device_copy(hk), *v = device_copy(hv), *o;
    int *dt = device_copy(table), *dl = device_copy(seqlens);
    TIRX_CHECK_CUDA(cudaMalloc(&o, hq.size() * 2));
    TIRX_CHECK_CUDA(decode_step(q, k, v, o, dt, dl, 2, pages_per_seq, num_pages, 0));
    std::vector<bf16> ho(hq.size());
    TIRX_CHECK_CUDA(cudaMemcpy(ho.data(), o, ho.size() * 2, cudaMemcpyDeviceToHost));
    for (int b = 0; b < 2; ++b)
      for (int h = 0; h < 8; ++h)
        worst = std::max(worst, row_error(hq, hk, hv, ho, b, h, seqlens[b], seqlens[b], [&](int j) {
                           return static_cast<long long>(table[b * pages_per_seq + j / 128]) * 128 +
                                  j % 128;
                         }));
    for (void* p : {(void*)q, (void*)k, (void*)v, (void*)o, (void*)dt, (void*)dl})
      cudaFree(p);
  }
  const bool ok = worst < 2e-2;
  std::printf("packed and paged attention: max |O - host| %.3g: %s\n", worst, ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
