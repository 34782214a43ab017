// The GEMM benchmark: tirx's Hopper GEMM (kernels/gemm/) beside cuBLAS in one
// run. The rows:
//   the fast path (bf16 in, A row-major, B column-major, D bf16) through
//   tirx_kernels::gemm with its configuration forced (128 x 256 tiles, no
//   split, A and B as given): the kernel of gemm_bf16_tn, 3 stages alone or
//   4 in clusters of 2 as gemm_heuristic::fast_cluster picks, against
//   cublasGemmEx (bf16 in, fp32 compute, bf16 out, the same
//   problem): squares 1024..16384, the LLM shapes M in {1, 16, 128, 1024,
//   4096, 16384} x (N, K) in {(4096, 4096), (14336, 4096), (4096, 14336)},
//   ragged 4095 x 4104 x 4096 and 8191 x 8200 x 8192;
//   the general entry, tirx_kernels::gemm: bf16 in all four layouts of A and
//   B at 4096^3 and fp16 TN (cublasGemmEx with the matching transposes; TN
//   without alpha takes the fast path's kernel, TN with alpha 0.5 the
//   general one), the
//   ragged 4095 x 4097 x 4096 (D's rows of 4097 bf16 are not on 16 bytes:
//   plain stores), 4096 x 4096 x 4095 (A's and B's rows are not: both copied
//   into 16-byte rows of the given workspace first, the copies timed too),
//   and bias + GELU(tanh) at 4096^3 against cublasLt's GELU_BIAS epilogue.
// Each problem: uniform [-1, 1] inputs, tirx's D checked against cuBLAS's
// before timing (|d - ref| <= 2^-7 |ref| + 2^-10 sqrt(K)), then 3 rounds of
// 20 event-timed launches taken alternately (tirx, cuBLAS, tirx, ...) after
// a warm-up, medians reported. Output: one CSV line per problem (M, N, K,
// tirx TFLOP/s, cuBLAS TFLOP/s, ratio, case).
//   bench_gemm [--quick]   (quick: 4096^3 and 8192^3 of the fast path, the
//                           heuristic's 1024 x 14336 x 4096 and 4095 x 4104 x
//                           4096 (tail splits), and the general rows at 4096^3)
//   bench_gemm --one M N K TILE_N SPLIT TAIL_SPLIT [STREAM_K [SWAP_AB]]   one
//     bf16 TN problem through tirx_kernels::gemm with that configuration
//     (0: the heuristic's; STREAM_K 1: stream-K; SWAP_AB 1: as given, 2:
//     D^T = B^T A^T), e.g. under ncu
//   bench_gemm --sustained [SECONDS]   tirx_kernels::gemm beside cuBLAS in
//     phases of SECONDS (default 2) of back-to-back launches at the power
//     limit, NVML's SM clock and power beside each (bench_gemm_sustained.cu)
//   bench_gemm --sweep-small   the sweep of the heuristic's table
//     (kernels/gemm/gemm_heuristic.cuh): for M in {1, 16, 128, 1024} x
//     (N, K) in {(4096, 4096), (14336, 4096), (4096, 14336)}, bf16 TN, every
//     configuration of tirx_kernels::gemm (tile 128 x 256 or 128 x 128, split
//     S in 1, 2, 3, 4, 6, 8; 128 x 256 unsplit is the fast path's kernel;
//     then the tail split S in 2, 3, 4, 6, 8 unsplit) checked against cuBLAS,
//     then timed beside it (a caller's workspace: no allocation in the
//     timing); one CSV line per (shape, configuration; tail_split 0:
//     stream-K), a tail-best and a streamk-best line per shape, then the best split-K configuration
//     of each shape as gemm_table's rows, to paste.
// The general rows "gemm (heuristic)" run tirx_kernels::gemm with the
// heuristic's configuration (tile, split-K, tail split).
#include "../kernels/gemm/gemm.cuh" // (gemm_workspace_bytes; the launches: bench_gemm_tirx.cu)
#include "bench_gemm_common.hpp"
#include "event_timing.hpp"

#include <cublasLt.h>
#include <cublas_v2.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace {
#define CHECK(x) BENCH_GEMM_CHECK(x)

using bench_gemm::cublas_gemm;
using bench_gemm::fill;
using bench_gemm::Layout;
using bench_gemm::mismatches;
using bf16 = __nv_bfloat16;

using tirx_bench::median_ms;

/// One problem: the two implementations write out (tirx: d, cuBLAS: ref
/// first, then d while timed); checked, then timed alternately.
template <class T>
void measure(const char* name, int m, int n, int k, T* d, T* ref,
             const std::function<void()>& run_tirx, const std::function<void(T*)>& run_cublas) {
  run_tirx();
  run_cublas(ref);
  CHECK(cudaDeviceSynchronize());
  std::vector<T> hd(size_t(m) * n), hr(size_t(m) * n);
  CHECK(cudaMemcpy(hd.data(), d, hd.size() * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hr.data(), ref, hr.size() * sizeof(T), cudaMemcpyDeviceToHost));
  if (const long long bad = mismatches(hd, hr, k)) {
    std::printf("%d,%d,%d,MISMATCH (%lld elements differ from cuBLAS),,,%s\n", m, n, k, bad, name);
    std::exit(1);
  }
  auto time = [](const auto& f) { return tirx_bench::event_times(f); };
  auto cublas_d = [&] { run_cublas(d); };
  time(run_tirx);
  time(cublas_d);
  std::vector<float> tt, tc;
  for (int round = 0; round < 3; ++round) {
    auto x = time(run_tirx);
    auto y = time(cublas_d);
    tt.insert(tt.end(), x.begin(), x.end());
    tc.insert(tc.end(), y.begin(), y.end());
  }
  const double flop = 2.0 * m * n * double(k);
  const double ft = flop / (median_ms(tt) * 1e-3) / 1e12, fc = flop / (median_ms(tc) * 1e-3) / 1e12;
  std::printf("%d,%d,%d,%.1f,%.1f,%.3f,%s\n", m, n, k, ft, fc, ft / fc, name);
  std::fflush(stdout);
}

struct Problem {
  int m, n, k;
  enum Kind { fast, general, fp16, bias_gelu } kind = fast;
  Layout layout = Layout::tn;
  const char* name = "bf16 TN fast path";
  float alpha = 1.0f;
  int tile_n = 0, split = 0, tail_split = 0; ///< GemmArgs' (0: the heuristic's)
  bool stream_k = false;
  int swap_ab = 0; ///< GemmArgs::swap_ab (0: the heuristic's)
};

/// cublasLt: D^T = gelu(B^T A^T + bias) with the bias per row of D^T.
struct LtBiasGelu {
  cublasLtHandle_t lt{};
  cublasLtMatmulDesc_t op{};
  cublasLtMatrixLayout_t la{}, lb{}, ld{};
  cublasLtMatmulHeuristicResult_t algo{};
  void* workspace = nullptr;
  size_t workspace_bytes = 32u << 20;
  LtBiasGelu(int m, int n, int k, const bf16* bias) {
    CHECK(cublasLtCreate(&lt));
    CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    const cublasOperation_t t = CUBLAS_OP_T, nn = CUBLAS_OP_N;
    CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t)));
    CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &nn, sizeof(nn)));
    const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_BIAS;
    CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)));
    CHECK(
        cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));
    CHECK(cublasLtMatrixLayoutCreate(&lb, CUDA_R_16BF, k, n, k)); // B (n x k row-major) as k x n
    CHECK(cublasLtMatrixLayoutCreate(&la, CUDA_R_16BF, k, m, k)); // A (m x k row-major) as k x m
    CHECK(cublasLtMatrixLayoutCreate(&ld, CUDA_R_16BF, n, m, n));
    cublasLtMatmulPreference_t pref{};
    CHECK(cublasLtMatmulPreferenceCreate(&pref));
    CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                               &workspace_bytes, sizeof(workspace_bytes)));
    int found = 0;
    CHECK(cublasLtMatmulAlgoGetHeuristic(lt, op, lb, la, ld, ld, pref, 1, &algo, &found));
    CHECK(found == 1 ? 0 : 1);
    CHECK(cublasLtMatmulPreferenceDestroy(pref));
    CHECK(cudaMalloc(&workspace, workspace_bytes));
  }
  void run(const bf16* a, const bf16* b, bf16* out) {
    const float one = 1.0f, zero = 0.0f;
    CHECK(cublasLtMatmul(lt, op, &one, b, lb, a, la, &zero, out, ld, out, ld, &algo.algo, workspace,
                         workspace_bytes, 0));
  }
  ~LtBiasGelu() {
    cudaFree(workspace);
    cublasLtMatrixLayoutDestroy(la);
    cublasLtMatrixLayoutDestroy(lb);
    cublasLtMatrixLayoutDestroy(ld);
    cublasLtMatmulDescDestroy(op);
    cublasLtDestroy(lt);
  }
};

template <class T> void problem(cublasHandle_t h, const Problem& p) {
  const int m = p.m, n = p.n, k = p.k;
  T *a, *b, *d, *ref, *bias = nullptr;
  CHECK(cudaMalloc(&a, size_t(m) * k * sizeof(T)));
  CHECK(cudaMalloc(&b, size_t(n) * k * sizeof(T)));
  CHECK(cudaMalloc(&d, size_t(m) * n * sizeof(T)));
  CHECK(cudaMalloc(&ref, size_t(m) * n * sizeof(T)));
  fill<<<1024, 256>>>(a, size_t(m) * k, 1u);
  fill<<<1024, 256>>>(b, size_t(n) * k, 2u);
  const bool a_row = p.layout == Layout::tn || p.layout == Layout::nn;
  const bool b_col = p.layout == Layout::tn || p.layout == Layout::tt;
  const long long lda = a_row ? k : m, ldb = b_col ? k : n;
  tirx_kernels::GemmArgs<T> g{};
  g.m = m, g.n = n, g.k = k, g.a = a, g.lda = lda, g.b = b, g.ldb = ldb, g.d = d;
  g.alpha = p.alpha;
  g.tile_n = p.tile_n, g.split = p.split, g.tail_split = p.tail_split, g.stream_k = p.stream_k;
  g.swap_ab = p.swap_ab;
  // split-K's partials and the copies of A and B, given (as cuBLAS's
  // workspace is): no allocation timed
  float* ws = nullptr;
  if (const long long bytes = tirx_kernels::gemm_workspace_bytes(g);
      p.kind == Problem::general && bytes > 0) {
    CHECK(cudaMalloc(&ws, size_t(bytes)));
    g.workspace = ws, g.workspace_bytes = bytes;
  }
  std::function<void()> run_tirx;
  std::function<void(T*)> run_cublas = [&](T* out) {
    cublas_gemm(h, p.layout, a, lda, b, ldb, out, m, n, k, p.alpha);
  };
  LtBiasGelu* lt = nullptr;
  if constexpr (std::is_same_v<T, __half>) {
    run_tirx = [&] { CHECK(bench_gemm::tirx_general(g)); };
  } else {
    if (p.kind == Problem::fast)
      g = bench_gemm::fast_path_args(a, b, d, m, n, k);
    if (p.kind == Problem::fast || p.kind == Problem::general)
      run_tirx = [&] { CHECK(bench_gemm::tirx_general(p.layout, g)); };
    if (p.kind == Problem::bias_gelu) {
      CHECK(cudaMalloc(&bias, size_t(n) * sizeof(T)));
      fill<<<64, 256>>>(bias, size_t(n), 3u);
      g.bias = bias;
      run_tirx = [&] { CHECK(bench_gemm::tirx_bias_gelu(g)); };
      lt = new LtBiasGelu(m, n, k, bias);
      run_cublas = [&](T* out) { lt->run(a, b, out); };
    }
  }
  measure<T>(p.name, m, n, k, d, ref, run_tirx, run_cublas);
  delete lt;
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(d));
  CHECK(cudaFree(ref));
  if (bias)
    CHECK(cudaFree(bias));
  if (ws)
    CHECK(cudaFree(ws));
}
/// --sweep-small: every configuration of every small-M LLM shape beside
/// cuBLAS (see the header comment). Returns the number of mismatches.
int sweep_small(cublasHandle_t h) {
  std::printf("sweep,M,N,K,tile_n,split,tail_split,tirx_tflops,cublas_tflops,ratio\n");
  struct Best {
    int m, n, k, tile_n, split;
    double ratio, tflops;
  };
  std::vector<Best> best;
  int bad_configs = 0;
  // the LLM shapes (M in 1, 16, 128, 1024 x the three (N, K)), then large and
  // ragged ones whose 128 x 256 tiles leave the last wave part-empty (1024 x
  // 14336: 3.4 waves; 4095 x 4104: 4.1; 2048 x 14336: 6.8) and the small squares
  std::vector<std::array<int, 3>> shapes;
  for (auto [n, k] : {std::pair{4096, 4096}, std::pair{14336, 4096}, std::pair{4096, 14336}})
    for (int m : {1, 16, 128, 1024})
      shapes.push_back({m, n, k});
  for (std::array<int, 3> s :
       {std::array{1024, 1024, 1024}, std::array{2048, 2048, 2048}, std::array{2048, 14336, 4096},
        std::array{4095, 4104, 4096}, std::array{8191, 8200, 8192}})
    shapes.push_back(s);
  for (auto [m, n, k] : shapes) {
    bf16 *a, *b, *d, *ref, *scratch;
    float* ws;
    // the largest split-K partials, or stream-K's slots (every SM, 128 x 256)
    const long long ws_bytes = std::max(8ll * m * n * 4, 48ll << 20);
    CHECK(cudaMalloc(&a, size_t(m) * k * sizeof(bf16)));
    CHECK(cudaMalloc(&b, size_t(n) * k * sizeof(bf16)));
    CHECK(cudaMalloc(&d, size_t(m) * n * sizeof(bf16)));
    CHECK(cudaMalloc(&ref, size_t(m) * n * sizeof(bf16)));
    CHECK(cudaMalloc(&scratch, size_t(m) * n * sizeof(bf16)));
    CHECK(cudaMalloc(&ws, size_t(ws_bytes)));
    fill<<<1024, 256>>>(a, size_t(m) * k, 1u);
    fill<<<1024, 256>>>(b, size_t(n) * k, 2u);
    cublas_gemm(h, Layout::tn, a, k, b, k, ref, m, n, k, 1.0f);
    CHECK(cudaDeviceSynchronize());
    std::vector<bf16> hr(size_t(m) * n), hd(size_t(m) * n);
    CHECK(cudaMemcpy(hr.data(), ref, hr.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
    auto median_of = [](const std::function<void()>& f) {
      tirx_bench::event_times(f); // warm-up
      std::vector<float> t;
      for (int round = 0; round < 3; ++round) {
        auto x = tirx_bench::event_times(f);
        t.insert(t.end(), x.begin(), x.end());
      }
      return median_ms(t);
    };
    const double flop = 2.0 * m * n * double(k);
    const double fc =
        flop /
        (median_of([&] { cublas_gemm(h, Layout::tn, a, k, b, k, scratch, m, n, k, 1.0f); }) *
         1e-3) /
        1e12;
    Best top{m, n, k, 256, 1, 0.0, 0.0}, top_tail{m, n, k, 256, 1, 0.0, 0.0},
        top_sk{m, n, k, 256, 1, 0.0, 0.0};
    // (tile_n, split, tail split, stream-K): split-K's candidates, the tail
    // split's, then stream-K (tail split 0 in the CSV's column: stream-K)
    std::vector<std::array<int, 3>> candidates;
    for (int tile_n : {256, 128}) {
      for (int split : {1, 2, 3, 4, 6, 8})
        candidates.push_back({tile_n, split, 1});
      for (int tail : {2, 3, 4, 6, 8})
        candidates.push_back({tile_n, 1, tail});
      candidates.push_back({tile_n, 1, 0});
    }
    for (auto [tile_n, split, tail] : candidates) {
      if (split > (k + 63) / 64 || tail > (k + 63) / 64)
        continue;
      tirx_kernels::GemmArgs<bf16> g{};
      g.m = m, g.n = n, g.k = k, g.a = a, g.lda = k, g.b = b, g.ldb = k, g.d = d;
      g.tile_n = tile_n, g.split = split, g.tail_split = tail > 0 ? tail : 1,
      g.stream_k = tail == 0;
      g.workspace = ws, g.workspace_bytes = ws_bytes;
      CHECK(cudaMemset(d, 0xff, size_t(m) * n * sizeof(bf16)));
      CHECK(bench_gemm::tirx_general(Layout::tn, g));
      CHECK(cudaDeviceSynchronize());
      CHECK(cudaMemcpy(hd.data(), d, hd.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
      if (const long long bad = mismatches(hd, hr, k)) {
        std::printf("sweep,%d,%d,%d,%d,%d,%d,MISMATCH (%lld elements differ from cuBLAS),,\n", m, n,
                    k, tile_n, split, tail, bad);
        ++bad_configs;
        continue;
      }
      const double ft =
          flop / (median_of([&] { CHECK(bench_gemm::tirx_general(Layout::tn, g)); }) * 1e-3) / 1e12;
      std::printf("sweep,%d,%d,%d,%d,%d,%d,%.1f,%.1f,%.3f\n", m, n, k, tile_n, split, tail, ft, fc,
                  ft / fc);
      std::fflush(stdout);
      Best& kept = tail == 0 ? top_sk : tail > 1 ? top_tail : top;
      if (ft / fc > kept.ratio)
        kept = {m, n, k, tile_n, tail > 1 ? tail : split, ft / fc, ft};
    }
    best.push_back(top);
    std::printf("tail-best,%d,%d,%d,%d,%d,%.1f,%.3f (the best tail split; the table's is %.3f)\n",
                m, n, k, top_tail.tile_n, top_tail.split, top_tail.tflops, top_tail.ratio,
                top.ratio);
    std::printf("streamk-best,%d,%d,%d,%d,%.1f,%.3f (stream-K; the best tail split %.3f)\n", m, n,
                k, top_sk.tile_n, top_sk.tflops, top_sk.ratio, top_tail.ratio);
    for (void* p : {static_cast<void*>(a), static_cast<void*>(b), static_cast<void*>(d),
                    static_cast<void*>(ref), static_cast<void*>(scratch), static_cast<void*>(ws)})
      CHECK(cudaFree(p));
  }
  std::printf("\n// best per shape (--sweep-small): paste over gemm_table's rows in "
              "kernels/gemm/gemm_heuristic.cuh\n");
  std::printf("inline constexpr GemmTableRow gemm_table[] = {\n");
  for (const Best& r : best)
    std::printf("    {%d, %d, %d, %d, %d}, // %.3f of cuBLAS, %.1f TFLOP/s\n", r.m, r.n, r.k,
                r.tile_n, r.split, r.ratio, r.tflops);
  std::printf("};\n");
  return bad_configs;
}
} // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  cublasHandle_t h;
  CHECK(cublasCreate(&h));
  if (argc > 1 && std::strcmp(argv[1], "--sustained") == 0) {
    const int bad = bench_gemm::sustained(h, argc > 2 ? std::atof(argv[2]) : 2.0);
    CHECK(cublasDestroy(h));
    return bad ? 1 : 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "--sweep-small") == 0) {
    const int bad = sweep_small(h);
    CHECK(cublasDestroy(h));
    return bad ? 1 : 0;
  }
  std::printf("M,N,K,tirx_tflops,cublas_tflops,ratio,case\n");
  std::vector<Problem> ps;
  // M N K tile_n split tail_split [stream_k [swap_ab]]
  if (argc >= 8 && std::strcmp(argv[1], "--one") == 0) {
    Problem p{std::atoi(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]),
              Problem::general,   Layout::tn,         "bf16 TN gemm (--one)"};
    p.tile_n = std::atoi(argv[5]), p.split = std::atoi(argv[6]), p.tail_split = std::atoi(argv[7]);
    p.stream_k = argc > 8 && std::atoi(argv[8]) != 0;
    p.swap_ab = argc > 9 ? std::atoi(argv[9]) : 0;
    problem<bf16>(h, p);
    CHECK(cublasDestroy(h));
    return 0;
  }
  if (quick) {
    ps = {{4096, 4096, 4096}, {8192, 8192, 8192}};
    for (std::array<int, 3> s : {std::array{1024, 14336, 4096}, std::array{4095, 4104, 4096}})
      ps.push_back({s[0], s[1], s[2], Problem::general, Layout::tn, "bf16 TN gemm (heuristic)"});
  } else {
    for (int s : {1024, 2048, 4096, 8192, 16384})
      ps.push_back({s, s, s});
    for (int m : {1, 16, 128, 1024, 4096, 16384})
      for (auto [n, k] : {std::pair{4096, 4096}, std::pair{14336, 4096}, std::pair{4096, 14336}})
        ps.push_back({m, n, k});
    ps.push_back({4095, 4104, 4096});
    ps.push_back({8191, 8200, 8192});
  }
  if (!quick) {
    for (int m : {1, 16, 128, 1024})
      for (auto [n, k] : {std::pair{4096, 4096}, std::pair{14336, 4096}, std::pair{4096, 14336}})
        ps.push_back({m, n, k, Problem::general, Layout::tn, "bf16 TN gemm (heuristic)"});
    for (std::array<int, 3> s : {std::array{1024, 1024, 1024}, std::array{2048, 14336, 4096},
                                 std::array{4095, 4104, 4096}, std::array{8191, 8200, 8192}})
      ps.push_back({s[0], s[1], s[2], Problem::general, Layout::tn, "bf16 TN gemm (heuristic)"});
  }
  const int s = 4096;
  ps.push_back({s, s, s, Problem::general, Layout::tn, "bf16 TN (A row, B col) gemm"});
  ps.push_back(
      {s, s, s, Problem::general, Layout::tn, "bf16 TN gemm alpha 0.5 (general kernel)", 0.5f});
  ps.push_back({s, s, s, Problem::general, Layout::nn, "bf16 NN (A row, B row) gemm"});
  ps.push_back({s, s, s, Problem::general, Layout::tt, "bf16 TT (A col, B col) gemm"});
  ps.push_back({s, s, s, Problem::general, Layout::nt, "bf16 NT (A col, B row) gemm"});
  ps.push_back({s, s, s, Problem::fp16, Layout::tn, "fp16 TN gemm"});
  ps.push_back({s, s, s, Problem::bias_gelu, Layout::tn, "bf16 TN gemm gelu(+bias) vs cublasLt"});
  ps.push_back({4095, 4097, 4096, Problem::general, Layout::tn, "bf16 TN gemm, D plain stores"});
  ps.push_back(
      {4096, 4096, 4095, Problem::general, Layout::tn, "bf16 TN gemm, A/B copied to 16-byte rows"});
  for (const Problem& p : ps) {
    if (p.kind == Problem::fp16)
      problem<__half>(h, p);
    else
      problem<bf16>(h, p);
  }
  CHECK(cublasDestroy(h));
  return 0;
}
