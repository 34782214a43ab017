// GPU test of the general GEMM (kernels/gemm/gemm.cuh, label gpu, sm_90a):
// tirx_kernels::gemm<MajorA, MajorB, Epi>(GemmArgs<T, Out>) against a host
// reference in double precision, on seeded uniform [-1, 1] inputs. One
// source, three executables (TIRX_GEMM_GROUP), each a handful of kernel
// instantiations (every one costs several seconds of nvcc):
//   0 (gpu_gemm_general.layouts)   bf16 -> bf16, all four layouts of A and B
//   1 (gpu_gemm_general.types)     fp16 inputs; fp16, fp32 and bf16 outputs;
//                                  ReLU / SiLU with column / row bias
//   (groups 0, 1: the fast path's kernels at sizes of its two choices, fast())
//   2 (gpu_gemm_general.epilogues) GELU(tanh) + bias, a user functor, Plain;
//                                  the copies of A and B (copies())
//   3 (gpu_gemm_general.splitk_a)  the tile and split-K configurations
//                                  (GemmArgs::tile_n, split): bf16 TN
//                                  gelu(+col bias), bf16 TN Plain, fp16 NT Plain;
//                                  the exchange of A and B (swap_ab, exchanges())
//   4 (gpu_gemm_general.splitk_b)  the same for bf16 NN -> fp32 and fp16 TT
//                                  -> bf16 silu(+row bias); the tail split
//                                  (GemmArgs::tail_split) and stream-K (tails())
//   (groups 3, 4: every configuration (tile_n 176 and 224 where B is column-major)
//   over m in {1, 7, 64, 65, 129}, n in
//   {8, 136, 520}, k in {16, 1000, 4104, 8200}, the variants in turn, the
//   workspace given or allocated; a split or tail-split result must repeat
//   bit for bit)
// (A TN call without alpha, beta, bias or batch whose operands all take
// TMA runs the fast path's kernel, the others the general one: the sweep
// covers both.) Each kernel runs over sizes where every dimension of a sampled set in
// 1..520 (the edges of the 128 x 256 x 64 tiles) appears as M, as N and as
// K, plus large primes, with variants: dense, padded leading dimensions,
// misaligned pointers or strides (A, B copied into 16-byte rows first; D by
// plain stores),
// alpha / beta with C, and batches (strided, B shared by the batch). The
// outputs are poisoned (0xff bytes: NaN in every output type) and the
// padding around D must stay poisoned. An element passes when
//   |D - ref| <= 2 u |ref| + 2^-13 S,  S = |alpha| sum_k |a b| + |beta c| + |bias|
// (+ 2^-24 for fp16, the spacing of its subnormals; u: the output type's
// unit roundoff, 2^-8 bf16, 2^-11 fp16, 2^-24 fp32;
// 2^-13 S covers the fp32 accumulation of K <= 4099 terms; a lost product
// term is ~S / K). Every element is checked where M N K <= 2^26, otherwise
// the first and last 2 rows and columns and 2048 sampled elements.
// `--quick` keeps small sizes (for compute-sanitizer); a number: the seed.
// Exit 0: all passed; 1: a case failed; 77: no sm_90 GPU.
#include "gpu_check.hpp"

#include "../../kernels/gemm/gemm.cuh"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#ifndef TIRX_GEMM_GROUP
#define TIRX_GEMM_GROUP 0
#endif

namespace {

using namespace tirx_kernels;
using tirx_kernels::gemm_sm90::from_float;
using tirx_kernels::gemm_sm90::to_float;

#if TIRX_GEMM_GROUP == 2
/// A user functor with state: leaky ReLU.
struct leaky {
  float slope = 0.0f;
  TIRX_HD float operator()(float x) const { return x > 0.0f ? x : slope * x; }
};
double host_fn(leaky f, double x) { return x > 0 ? x : f.slope * x; }
#endif

// the host's functions, in double
[[maybe_unused]] double host_fn(ewise::identity, double x) { return x; }
[[maybe_unused]] double host_fn(ewise::relu, double x) { return x > 0 ? x : 0; }
[[maybe_unused]] double host_fn(ewise::silu, double x) { return x / (1 + std::exp(-x)); }
[[maybe_unused]] double host_fn(ewise::gelu_tanh, double x) {
  return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}

template <class Out> double unit_roundoff() {
  return std::is_same_v<Out, float> ? 0x1p-24 : std::is_same_v<Out, half> ? 0x1p-11 : 0x1p-8;
}

/// How one case lays out its operands.
struct Variant {
  const char* name;
  int pad = 0;          ///< extra elements per row of A, B, C, D
  int offset = 0;       ///< elements the A, B and D pointers are moved by (1: misaligned)
  int batch = 1;        ///< batch count
  bool share_b = false; ///< one B for the whole batch (stride_b = 0)
  float alpha = 1.0f, beta = 0.0f;
  int tile_n = 0, split = 0;    ///< GemmArgs::tile_n, split (0: the heuristic's)
  bool give_workspace = false;  ///< pass GemmArgs::workspace (else the launcher allocates)
  bool ws_short = false;        ///< give it 16 bytes short of what the call needs (unused)
  int move_a = -1, move_b = -1; ///< A's, B's own offset in elements (-1: offset)
  int tail = 1;                 ///< GemmArgs::tail_split (0: the heuristic's)
  bool stream_k = false;        ///< GemmArgs::stream_k
  int swap = 0;                 ///< GemmArgs::swap_ab (0: the heuristic's)
};

int failures = 0, cases = 0;

template <class X> X* to_device(const std::vector<X>& h) {
  X* p = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&p, h.size() * sizeof(X) + 64));
  TIRX_CHECK_CUDA(cudaMemcpy(p, h.data(), h.size() * sizeof(X), cudaMemcpyHostToDevice));
  return p;
}

template <Major MA, Major MB, class Epi, class T, class Out>
void run(const char* config, int m, int n, int k, Variant v, std::mt19937& rng,
         const Epi& epi = {}) {
  if (Epi::plain) // D = A B only
    v.alpha = 1.0f, v.beta = 0.0f;
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const int bt = v.batch;
  // A: m x k (row-major: m rows of lda), B: k x n; C, D: m x n row-major
  const long long ra = MA == Major::row ? m : k, ca = MA == Major::row ? k : m;
  const long long rb = MB == Major::row ? k : n, cb = MB == Major::row ? n : k;
  const long long lda = ca + v.pad, ldb = cb + v.pad, ldd = n + v.pad, ldc = n + v.pad;
  const long long sa = ra * lda + v.pad, sb = v.share_b ? 0 : rb * ldb + v.pad;
  const long long sd = m * ldd + v.pad, sc = m * ldc + v.pad;
  auto fill = [&](auto& vec, long long count) {
    using X = typename std::decay_t<decltype(vec)>::value_type;
    vec.resize(static_cast<size_t>(count));
    for (auto& x : vec)
      x = from_float<X>(u(rng));
  };
  const int oa = v.move_a >= 0 ? v.move_a : v.offset, ob = v.move_b >= 0 ? v.move_b : v.offset;
  std::vector<T> ha, hb;
  std::vector<Out> hc, hbias;
  fill(ha, oa + sa * bt);
  fill(hb, ob + (v.share_b ? rb * ldb : sb * bt));
  const bool use_c = v.beta != 0.0f, col_bias = Epi::bias == Bias::column;
  if (use_c)
    fill(hc, sc * bt);
  const long long nbias = col_bias ? n : m, sbias = Epi::bias == Bias::none ? 0 : nbias + 3;
  if (Epi::bias != Bias::none)
    fill(hbias, sbias * bt);
  const long long d_elems = v.offset + sd * bt + 64; // + a guard tail
  T* da = to_device(ha);
  T* db = to_device(hb);
  Out* dc = use_c ? to_device(hc) : nullptr;
  Out* dbias = Epi::bias != Bias::none ? to_device(hbias) : nullptr;
  Out* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dd, d_elems * sizeof(Out)));
  TIRX_CHECK_CUDA(cudaMemset(dd, 0xff, d_elems * sizeof(Out))); // poison: NaN
  GemmArgs<T, Out> g{};
  g.m = m, g.n = n, g.k = k, g.batch = bt;
  g.a = da + oa, g.lda = lda, g.stride_a = sa;
  g.b = db + ob, g.ldb = ldb, g.stride_b = sb;
  g.d = dd + v.offset, g.ldd = ldd, g.stride_d = sd;
  g.c = dc, g.ldc = ldc, g.stride_c = sc;
  g.bias = dbias, g.stride_bias = sbias;
  g.alpha = v.alpha, g.beta = v.beta;
  g.tile_n = v.tile_n, g.split = v.split, g.tail_split = v.tail, g.stream_k = v.stream_k;
  g.swap_ab = v.swap;
  const GemmChoice chosen = gemm_choice<MA, MB>(g);
  const gemm_sm90::CopyPlan plan =
      gemm_sm90::copy_plan<MA, MB>(g, gemm_sm90::partials_bytes(g, chosen));
  float* ws = nullptr;
  const long long ws_bytes = gemm_workspace_bytes(g);
  if (v.give_workspace && ws_bytes > 0) { // poisoned: whether the call used it shows
    TIRX_CHECK_CUDA(cudaMalloc(&ws, static_cast<size_t>(ws_bytes)));
    TIRX_CHECK_CUDA(cudaMemset(ws, 0xff, static_cast<size_t>(ws_bytes)));
    g.workspace = ws,
    g.workspace_bytes = v.ws_short && plan.bytes > 16 ? plan.bytes - 16 : ws_bytes;
  }
  const cudaError_t e = gemm<MA, MB>(g, 0, epi);
  if (e != cudaSuccess) {
    std::printf("FAIL %-34s %5d x %5d x %5d %-12s: gemm returned %s (%s)\n", config, m, n, k,
                v.name, cudaGetErrorName(e), gemm_check<MA, MB, Epi>(g));
    ++failures, ++cases;
    return;
  }
  TIRX_CHECK_LAUNCH("tirx_kernels::gemm");
  std::vector<Out> hd(static_cast<size_t>(d_elems));
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), dd, d_elems * sizeof(Out), cudaMemcpyDeviceToHost));
  std::vector<float> fa(ha.size()), fb(hb.size());
  for (size_t i = 0; i < ha.size(); ++i)
    fa[i] = to_float(ha[i]);
  for (size_t i = 0; i < hb.size(); ++i)
    fb[i] = to_float(hb[i]);
  auto A = [&](int b, int i, int x) {
    return static_cast<double>(
        fa[static_cast<size_t>(oa + b * sa + (MA == Major::row ? i * lda + x : x * lda + i))]);
  };
  auto B = [&](int b, int x, int j) {
    return static_cast<double>(
        fb[static_cast<size_t>(ob + b * sb + (MB == Major::row ? x * ldb + j : j * ldb + x))]);
  };
  long long bad = 0;
  const double uo = unit_roundoff<Out>();
  const double tiny = std::is_same_v<Out, half> ? 0x1p-24 : 0.0; // fp16's subnormal spacing
  auto check = [&](int b, int i, int j) {
    double s = 0, mag = 0;
    for (int x = 0; x < k; ++x) {
      const double p = A(b, i, x) * B(b, x, j);
      s += p;
      mag += std::fabs(p);
    }
    double pre = v.alpha * s;
    mag *= std::fabs(v.alpha);
    if (use_c) {
      const double cv = to_float(hc[static_cast<size_t>(b * sc + i * ldc + j)]);
      pre += v.beta * cv;
      mag += std::fabs(v.beta * cv);
    }
    if (Epi::bias != Bias::none) {
      const double bv = to_float(hbias[static_cast<size_t>(b * sbias + (col_bias ? j : i))]);
      pre += bv;
      mag += std::fabs(bv);
    }
    const double want = host_fn(epi.fn, pre);
    const double got = to_float(hd[static_cast<size_t>(v.offset + b * sd + i * ldd + j)]);
    if (!(std::fabs(got - want) <= 2 * uo * std::fabs(want) + 0x1p-13 * mag + tiny) && bad++ < 3)
      std::printf("  D[%d](%d, %d) = %.7g, want %.7g (S = %.3g)\n", b, i, j, got, want, mag);
  };
  const bool all = static_cast<long long>(m) * n * k <= (1ll << 26);
  for (int b = 0; b < bt; ++b) {
    if (all) {
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j)
          check(b, i, j);
    } else {
      std::uniform_int_distribution<int> ri(0, m - 1), rj(0, n - 1);
      for (int i : {0, 1, m - 2, m - 1})
        for (int j = 0; j < n; ++j)
          check(b, i < 0 ? 0 : i, j);
      for (int j : {0, 1, n - 2, n - 1})
        for (int i = 0; i < m; ++i)
          check(b, i, j < 0 ? 0 : j);
      for (int s = 0; s < 2048; ++s)
        check(b, ri(rng), rj(rng));
    }
  }
  // everything of D's allocation outside the m x n matrices stays poisoned
  long long touched = 0;
  for (long long at = 0; at < d_elems; ++at) {
    const long long rel = at - v.offset;
    const long long b = rel >= 0 ? rel / sd : -1, w = rel >= 0 ? rel % sd : 0;
    const bool inside = rel >= 0 && b < bt && w / ldd < m && w % ldd < n;
    unsigned char bytes[sizeof(Out)];
    std::memcpy(bytes, &hd[static_cast<size_t>(at)], sizeof(Out));
    bool poisoned = true;
    for (unsigned char x : bytes)
      poisoned = poisoned && x == 0xff;
    if (!inside && !poisoned && touched++ < 3)
      std::printf("  element %lld outside D was written\n", at);
  }
  bad += touched;
  if (ws != nullptr) { // the caller's workspace is used exactly when it is large enough
    std::vector<unsigned char> hw(static_cast<size_t>(ws_bytes));
    TIRX_CHECK_CUDA(cudaMemcpy(hw.data(), ws, hw.size(), cudaMemcpyDeviceToHost));
    bool used = false;
    for (unsigned char x : hw)
      used = used || x != 0xff;
    if (used != (!v.ws_short && plan.bytes > 0)) {
      std::printf("  the caller's workspace (%lld of %lld bytes needed) was %s\n",
                  g.workspace_bytes, plan.bytes, used ? "used" : "not used");
      ++bad;
    }
  }
  if (chosen.split > 1 || chosen.tail_split > 1 || chosen.stream_k) { // the same bits again
    TIRX_CHECK_CUDA((gemm<MA, MB>(g, 0, epi)));
    std::vector<Out> again(static_cast<size_t>(d_elems));
    TIRX_CHECK_CUDA(cudaMemcpy(again.data(), dd, d_elems * sizeof(Out), cudaMemcpyDeviceToHost));
    if (std::memcmp(again.data(), hd.data(), hd.size() * sizeof(Out)) != 0) {
      std::printf("  a second run differs\n");
      ++bad;
    }
  }
  ++cases;
  const char* ab = plan.a && plan.b ? "copied" : plan.a ? "A copied" : plan.b ? "B copied" : "TMA";
  const bool tma_d = gemm_sm90::tma_takes(g.d, ldd, sd, bt, sizeof(Out)) &&
                     n * sizeof(Out) % 16 == 0 && (!chosen.swap_ab || sizeof(Out) == 2);
  std::printf(
      "%s %-34s %5d x %5d x %5d %-14s batch %d, A/B %s, D %s, tile 128 x %d split %d tail %d%s%s\n",
      bad ? "FAIL" : "PASS", config, m, n, k, v.name, bt, ab, tma_d ? "TMA store" : "plain stores",
      chosen.tile_n, chosen.split, chosen.tail_split,
      chosen.swap_ab    ? " D^T = B^T A^T"
      : chosen.stream_k ? " stream-K"
                        : "",
      v.tile_n == 0 || v.split == 0 || v.tail == 0 ? " (heuristic)" : "");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(da));
  TIRX_CHECK_CUDA(cudaFree(db));
  TIRX_CHECK_CUDA(cudaFree(dd));
  if (dc)
    TIRX_CHECK_CUDA(cudaFree(dc));
  if (dbias)
    TIRX_CHECK_CUDA(cudaFree(dbias));
  if (ws)
    TIRX_CHECK_CUDA(cudaFree(ws));
}

struct Sweep {
  bool quick = false;
  std::mt19937 rng;
  template <int = 0> std::vector<int> dims() const { // (a template: unused in groups 3, 4)
    if (quick)
      return {1, 7, 8, 17, 64, 65, 129, 257};
    return {1,   2,   3,   5,   7,   8,   9,   15,  16,  17,  31,  33,  63,  64,  65,  100,
            127, 128, 129, 191, 255, 256, 257, 300, 383, 384, 385, 449, 511, 512, 513, 520};
  }
  const Variant variants[6] = {
      {"dense"},
      {"padded", 8},
      {"misaligned", 0, 1},
      {"odd-ld", 3},
      {"alpha-beta", 8, 0, 1, false, 0.5f, -1.5f},
      {"alpha-beta-m", 1, 1, 1, false, -2.0f, 0.25f},
  };

  /// Every dimension as M, N and K once (the others drawn from the set),
  /// the variants in turn; then the large primes and the batches.
  template <Major MA, Major MB, class Epi, class T, class Out>
  void all(const char* config, int stride = 1, const Epi& epi = {}) {
    const std::vector<int> d = dims();
    std::uniform_int_distribution<size_t> pick(0, d.size() - 1);
    int vi = 0;
    for (size_t i = 0; i < d.size(); i += static_cast<size_t>(stride))
      for (int role = 0; role < 3; ++role) {
        int s[3] = {d[pick(rng)], d[pick(rng)], d[pick(rng)]};
        s[role] = d[i];
        run<MA, MB, Epi, T, Out>(config, s[0], s[1], s[2], variants[vi++ % 6], rng, epi);
      }
    if (!quick) {
      run<MA, MB, Epi, T, Out>(config, 1031, 2053, 1543, variants[0], rng, epi);
      run<MA, MB, Epi, T, Out>(config, 2053, 1031, 4099, variants[4], rng, epi);
      run<MA, MB, Epi, T, Out>(config, 1543, 1031, 2053, variants[2], rng, epi);
    }
    Variant batched{"batched", 8, 0, 3, false, 1.0f, 0.5f};
    Variant shared{"batched-bshare", 0, 0, 4, true};
    Variant loose{"batched-misal", 1, 1, 2, false, 2.0f, 1.0f};
    run<MA, MB, Epi, T, Out>(config, 129, 257, 65, batched, rng, epi);
    run<MA, MB, Epi, T, Out>(config, 200, 136, 72, shared, rng, epi);
    run<MA, MB, Epi, T, Out>(config, 65, 300, 33, loose, rng, epi);
  }

  /// The fast path's two kernels through gemm (TN, no epilogue; unless
  /// quick): 4 stages in clusters of 2 (1024 x 4096 x 4096, 4096^3) and 3
  /// stages alone (2048^3), gemm_heuristic::fast_cluster's choices.
  template <class T, class Out> void fast(const char* config) {
    static const int sizes[][3] = {{1024, 4096, 4096}, {4096, 4096, 4096}, {2048, 2048, 2048}};
    if (!quick)
      for (const auto& z : sizes)
        run<Major::row, Major::col, Epilogue<>, T, Out>(config, z[0], z[1], z[2], variants[0], rng);
  }

  /// Every configuration (tile_n, split; 0, 0: the heuristic's) over m x n
  /// of the odd sizes, k and the variant in turn.
  template <Major MA, Major MB, class Epi, class T, class Out>
  void configs(const char* config, const Epi& epi = {}) {
    // (the 176- and 224-wide tiles where B is column-major: the last four rows)
    static const int full[][2] = {{256, 1}, {256, 2}, {256, 3}, {256, 8}, {128, 1},
                                  {128, 2}, {128, 4}, {128, 6}, {0, 0},   {176, 1},
                                  {176, 3}, {224, 1}, {224, 2}};
    static const int small[][2] = {{256, 2}, {128, 1}, {128, 3}, {0, 0},
                                   {176, 1}, {176, 2}, {224, 1}, {224, 3}};
    const std::vector<int> ms =
        quick ? std::vector<int>{1, 65} : std::vector<int>{1, 7, 64, 65, 129};
    const std::vector<int> ns = quick ? std::vector<int>{8, 136} : std::vector<int>{8, 136, 520};
    const std::vector<int> ks =
        quick ? std::vector<int>{16, 1000} : std::vector<int>{16, 1000, 4104, 8200};
    const Variant kinds[5] = {
        {"dense"},
        {"alpha-beta", 8, 0, 1, false, 0.5f, -1.5f},
        {"misaligned", 0, 1},
        {"batched", 8, 0, 2, false, 1.0f, 0.5f},
        {"ws-given", 0, 0, 1, false, 1.0f, 0.0f, 0, 0, true},
    };
    const int count = (quick ? 4 : 9) + (MB == Major::col ? 4 : 0);
    int turn = 0;
    for (int c = 0; c < count; ++c)
      for (size_t i = 0; i < ms.size(); ++i)
        for (size_t j = 0; j < ns.size(); ++j, ++turn) {
          Variant v = kinds[turn % 5];
          v.tile_n = quick ? small[c][0] : full[c][0];
          v.split = quick ? small[c][1] : full[c][1];
          const int k = ks[(i + j + static_cast<size_t>(c)) % ks.size()];
          run<MA, MB, Epi, T, Out>(config, ms[i], ns[j], k, v, rng, epi);
        }
  }
};

#if TIRX_GEMM_GROUP == 2
/// gemm_check refuses what it cannot compute, and gemm returns
/// cudaErrorInvalidValue for it (no launch).
void refusals() {
  GemmArgs<nv_bfloat16> g{};
  auto expect = [&](const char* what, auto r) {
    const bool ok = r == cudaErrorInvalidValue && gemm_check<Major::col, Major::row, Plain>(g);
    std::printf("%s refused: %s (%s)\n", ok ? "PASS" : "FAIL", what,
                gemm_check<Major::col, Major::row, Plain>(g));
    failures += ok ? 0 : 1;
  };
  expect("m = 0", gemm<Major::col, Major::row, Plain>(g));
  g.m = g.n = g.k = 8;
  expect("null pointers", gemm<Major::col, Major::row, Plain>(g));
  nv_bfloat16* p = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&p, 4096));
  g.a = g.b = p, g.d = p;
  g.alpha = 2.0f;
  expect("alpha with Plain", gemm<Major::col, Major::row, Plain>(g));
  g.alpha = 1.0f, g.lda = 4;
  expect("lda < k", gemm<Major::col, Major::row, Plain>(g));
  g.lda = 0, g.batch = 2;
  expect("batch without stride_d", gemm<Major::col, Major::row, Plain>(g));
  g.batch = 1, g.tile_n = 96;
  expect("tile_n 96", gemm<Major::col, Major::row, Plain>(g));
  g.tile_n = 0, g.split = -1;
  expect("split -1", gemm<Major::col, Major::row, Plain>(g));
  TIRX_CHECK_CUDA(cudaFree(p));
  TIRX_CHECK_CUDA(cudaGetLastError());
}

/// The copies of A and B (gemm_copy.cuh): odd K, pointers off by one
/// element, odd batch strides, A or B or both, the caller's workspace large
/// enough or 16 bytes short (then allocated, the caller's left untouched);
/// a 1031 x 1543 x 4095 one unless quick.
void copies(std::mt19937& rng, bool quick) {
  using Gelu = Epilogue<ewise::gelu_tanh, Bias::column>;
  const char* tn = "bf16 TN gelu(+col bias), copies";
  auto v = [](const char* name) { return Variant{name}; };
  for (int k : {1, 7, 1003})
    run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>(tn, 129, 264, k, v("odd-k"), rng);
  Variant only_a = v("a+1"), only_b = v("b+1"), both = v("a+1,b+1");
  only_a.move_a = 1, only_a.move_b = 0, only_b.move_a = 0, only_b.move_b = 1;
  both.move_a = 1, both.move_b = 1;
  for (const Variant& x : {only_a, only_b, both})
    run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>(tn, 200, 136, 64, x, rng);
  Variant odd_strides{"batch-odd-stride", 1, 0, 3, false, 1.0f, 0.5f}; // lda = k + 1, +1 apart
  run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>(tn, 65, 136, 72, odd_strides, rng);
  Variant odd_shared{"batch-bshare-oddk", 0, 0, 3, true};
  run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>(tn, 130, 200, 1003, odd_shared, rng);
  Variant batch_a1{"batch-a+1", 0, 0, 2};
  batch_a1.move_a = 1, batch_a1.move_b = 0;
  run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>(tn, 64, 256, 128, batch_a1, rng);
  // NT (A column-major: rows of m; B row-major: rows of n): odd m copies A, odd n B
  run<Major::col, Major::row, Plain, nv_bfloat16, nv_bfloat16>("bf16 NT Plain, copies", 129, 136,
                                                               100, v("odd-m"), rng);
  run<Major::col, Major::row, Plain, nv_bfloat16, nv_bfloat16>("bf16 NT Plain, copies", 128, 135,
                                                               100, v("odd-n"), rng);
  // the workspace: given (enough) or 16 bytes short, without and with split-K
  for (int split : {1, 3})
    for (bool shorter : {false, true}) {
      Variant w{shorter ? "ws-short" : "ws-given", 0, 0, 1, false, 1.0f, 0.0f, 128, split, true};
      w.ws_short = shorter;
      run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>(tn, 65, 136, 1003, w, rng);
    }
  Variant big = v("k-4095");
  big.give_workspace = true;
  if (!quick)
    run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>(tn, 1031, 1543, 4095, big, rng);
}

// [snippet:gemm_api]
// y = gelu(x W^T + bias), a linear layer: x (tokens x in, row-major), W
// (out x in, row-major: a column-major in x out B), bias (out values)
cudaError_t linear_gelu(const nv_bfloat16* x, const nv_bfloat16* w, const nv_bfloat16* bias,
                        nv_bfloat16* y, int tokens, int in, int out, cudaStream_t stream) {
  GemmArgs<nv_bfloat16> g{.m = tokens, .n = out, .k = in, .a = x, .b = w, .d = y};
  g.bias = bias;
  return gemm<Major::row, Major::col>(g, stream, Epilogue<ewise::gelu_tanh, Bias::column>{});
}
// [/snippet]

/// The guide's example computes what the sweep's case computes (the same
/// kernel: bit for bit).
void api_example(std::mt19937& rng) {
  const int t = 70, in = 136, out = 200;
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<nv_bfloat16> hx(t * in), hw(out * in), hb(out);
  for (auto* v : {&hx, &hw, &hb})
    for (auto& e : *v)
      e = __float2bfloat16(u(rng));
  nv_bfloat16 *x = to_device(hx), *w = to_device(hw), *b = to_device(hb), *y1, *y2;
  TIRX_CHECK_CUDA(cudaMalloc(&y1, t * out * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&y2, t * out * 2));
  TIRX_CHECK_CUDA(linear_gelu(x, w, b, y1, t, in, out, 0));
  GemmArgs<nv_bfloat16> g{};
  g.m = t, g.n = out, g.k = in, g.a = x, g.lda = in, g.b = w, g.ldb = in, g.d = y2, g.bias = b;
  TIRX_CHECK_CUDA((gemm<Major::row, Major::col, Epilogue<ewise::gelu_tanh, Bias::column>>(g)));
  std::vector<nv_bfloat16> h1(t * out), h2(t * out);
  TIRX_CHECK_CUDA(cudaMemcpy(h1.data(), y1, t * out * 2, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(h2.data(), y2, t * out * 2, cudaMemcpyDeviceToHost));
  const bool same = std::memcmp(h1.data(), h2.data(), h1.size() * 2) == 0;
  std::printf("%s the guide's linear_gelu example\n", same ? "PASS" : "FAIL");
  failures += same ? 0 : 1;
  for (auto* p : {x, w, b, y1, y2})
    TIRX_CHECK_CUDA(cudaFree(p));
}
#endif

#if TIRX_GEMM_GROUP == 3
// [snippet:gemm_splitk]
// A decode step of a linear layer, y = x W^T for a few tokens: the
// launcher's configuration (choose_config: for 16 x 4096 x 4096, 128 x 256
// tiles split 8 ways), its fp32 workspace given by the caller, sized once
// with gemm_workspace_bytes, so that no call allocates
cudaError_t decode_step(const nv_bfloat16* x, const nv_bfloat16* w, nv_bfloat16* y, int tokens,
                        int in, int out, float* workspace, long long workspace_bytes,
                        cudaStream_t stream) {
  GemmArgs<nv_bfloat16> g{.m = tokens, .n = out, .k = in, .a = x, .b = w, .d = y};
  g.workspace = workspace, g.workspace_bytes = workspace_bytes;
  return gemm<Major::row, Major::col>(g, stream);
}
// [/snippet]

/// The guide's split-K example with the caller's workspace computes the
/// bits of the same configuration with the launcher's own allocation.
void splitk_example(std::mt19937& rng) {
  const int t = 16, in = 4104, out = 520;
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<nv_bfloat16> hx(t * in), hw(out * in);
  for (auto* v : {&hx, &hw})
    for (auto& e : *v)
      e = __float2bfloat16(u(rng));
  nv_bfloat16 *x = to_device(hx), *w = to_device(hw), *y1, *y2;
  TIRX_CHECK_CUDA(cudaMalloc(&y1, t * out * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&y2, t * out * 2));
  GemmArgs<nv_bfloat16> g{.m = t, .n = out, .k = in, .a = x, .b = w, .d = y2};
  const GemmChoice c = gemm_choice(g);
  const long long bytes = gemm_workspace_bytes(g);
  float* ws = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&ws, static_cast<size_t>(bytes > 0 ? bytes : 4)));
  TIRX_CHECK_CUDA(decode_step(x, w, y1, t, in, out, ws, bytes, 0));
  g.tile_n = c.tile_n, g.split = c.split; // the same configuration, no workspace given
  TIRX_CHECK_CUDA((gemm<Major::row, Major::col>(g)));
  std::vector<nv_bfloat16> h1(t * out), h2(t * out);
  TIRX_CHECK_CUDA(cudaMemcpy(h1.data(), y1, t * out * 2, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(h2.data(), y2, t * out * 2, cudaMemcpyDeviceToHost));
  const bool same = std::memcmp(h1.data(), h2.data(), h1.size() * 2) == 0;
  std::printf(
      "%s the guide's decode_step example (tile 128 x %d, split %d, %lld workspace bytes)\n",
      same ? "PASS" : "FAIL", c.tile_n, c.split, bytes);
  failures += same ? 0 : 1;
  for (auto* p : {x, w, y1, y2})
    TIRX_CHECK_CUDA(cudaFree(p));
  TIRX_CHECK_CUDA(cudaFree(ws));
}
#endif

} // namespace

#if TIRX_GEMM_GROUP == 3
/// The exchange of A and B (GemmArgs::swap_ab 2: the kernel computes D^T =
/// B^T A^T, writes D and reads C column-major and the bias along its other
/// mode): TN and NT, odd sizes, alpha and beta with C, a column and a row
/// bias, batches, padded and misaligned D, the tail split of the exchanged
/// problem; then the heuristic's own exchange of 4095 x 4104 (its choice
/// checked) and 1 (never) beside it.
void exchanges(std::mt19937& rng, bool quick) {
  using Gelu = Epilogue<ewise::gelu_tanh, Bias::column>;
  using SiluRow = Epilogue<ewise::silu, Bias::row>;
  auto v = [](const char* name, int pad, int offset, int batch, float alpha, float beta) {
    Variant x{name, pad, offset, batch, false, alpha, beta};
    x.swap = 2;
    return x;
  };
  const Variant kinds[4] = {v("swap", 0, 0, 1, 1.0f, 0.0f), v("swap a-b", 8, 0, 1, 0.5f, -1.5f),
                            v("swap misal", 3, 1, 1, -2.0f, 0.25f),
                            v("swap batched", 8, 0, 3, 1.0f, 0.5f)};
  const int sizes[][3] = {
      {1, 8, 16}, {65, 136, 1000}, {300, 7, 64}, {129, 257, 65}, {520, 33, 200}};
  int turn = 0;
  for (auto [m, n, k] : sizes) {
    const Variant& x = kinds[turn++ % 4];
    run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>("bf16 TN gelu(+col bias)", m, n, k,
                                                                x, rng);
    run<Major::row, Major::col, SiluRow, nv_bfloat16, nv_bfloat16>("bf16 TN silu(+row bias)", m, n,
                                                                   k, x, rng);
    run<Major::col, Major::row, Plain, half, half>("fp16 NT Plain", m, n, k, x, rng);
  }
  Variant tail = kinds[0]; // exchanged: 2048 x 2100, 144 tiles of 128 x 256, a tail of 12
  tail.name = "swap tail", tail.tile_n = 256, tail.split = 1, tail.tail = 4;
  run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>("bf16 TN Plain", 2100, 2048, 1000,
                                                               tail, rng);
  Variant tail_ab = kinds[1];
  tail_ab.name = "swap tail a-b", tail_ab.tile_n = 256, tail_ab.split = 1, tail_ab.tail = 2;
  run<Major::row, Major::col, SiluRow, nv_bfloat16, nv_bfloat16>("bf16 TN silu(+row bias)", 2100,
                                                                 2048, 520, tail_ab, rng);
  // the heuristic exchanges 4095 x 4104 (528 tiles: 4 waves of 132) and not 4096 x 4096
  for (auto [m, n, want] : {std::array{4095, 4104, 1}, std::array{4096, 4096, 0}}) {
    // [snippet:gemm_orientation]
    GemmArgs<nv_bfloat16> g{.m = m, .n = n, .k = 4096};
    // true where gemm<Major::row, Major::col>(g) computes D^T = B^T A^T
    // (g.swap_ab = 1 keeps D = A B, 2 asks for the exchange)
    const bool got = gemm_choice<Major::row, Major::col>(g).swap_ab;
    // [/snippet]
    const bool sms132 = gemm_sm90::sm_count() == 132;
    std::printf("%s the heuristic's orientation of %d x %d x 4096: %s%s\n",
                !sms132              ? "SKIP"
                : got == (want != 0) ? "PASS"
                                     : "FAIL",
                m, n, got ? "exchanged" : "as given", sms132 ? "" : " (not 132 SMs: not checked)");
    failures += sms132 && got != (want != 0) ? 1 : 0;
  }
  if (!quick) {
    Variant h{"heuristic"};
    run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>("bf16 TN Plain", 4095, 4104, 256,
                                                                 h, rng);
    Variant given{"as given"};
    given.swap = 1;
    run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>("bf16 TN Plain", 4095, 4104, 256,
                                                                 given, rng);
  }
}
#endif

#if TIRX_GEMM_GROUP == 4
/// The tail split (GemmArgs::tail_split, gemm_streamk.cuh): whole waves and a
/// split last wave (2100 x 2048: 136 tiles of 128 x 256 on 132 SMs, 272 of
/// 128 x 128), every tile split (problems under a wave), K ranges cut to the
/// K blocks there are, plain stores, copies, the caller's workspace, and
/// the heuristic's own choice; the 128 x 176 and 128 x 224 tiles' tails and
/// fp32 D, and the heuristic's choices of them; each run twice for the same bits.
void tails(std::mt19937& rng, bool quick) {
  using Gelu = Epilogue<ewise::gelu_tanh, Bias::column>;
  auto v = [](const char* name, int tile_n, int tail) {
    Variant x{name};
    x.tile_n = tile_n, x.split = 1, x.tail = tail;
    return x;
  };
  const char* tn = "bf16 TN Plain, tail split";
  run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 2100, 2048, 1000,
                                                               v("dense", 256, 4), rng);
  Variant h = v("heuristic", 0, 0);
  h.split = 0;
  run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 2100, 2048, 1024, h, rng);
  Variant ab = v("alpha-beta", 128, 8);
  ab.pad = 8, ab.alpha = 0.5f, ab.beta = -1.5f;
  run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>("bf16 TN gelu(+col bias), tail", 2100,
                                                              2048, 520, ab, rng);
  Variant batched = v("batched", 256, 3); // 8 tiles: all of them split
  batched.batch = 2, batched.beta = 0.5f;
  run<Major::row, Major::row, Epilogue<>, nv_bfloat16, float>("bf16 NN -> fp32, tail", 129, 257,
                                                              1000, batched, rng);
  Variant odd = v("misaligned", 128, 5); // copies of A and B, D by plain stores
  odd.offset = 1, odd.give_workspace = true;
  run<Major::col, Major::col, Epilogue<ewise::silu, Bias::row>, half, nv_bfloat16>(
      "fp16 TT -> bf16 silu(+row bias), tail", 200, 300, 700, odd, rng);
  Variant cut = v("k-cut", 256, 8); // 3 K blocks: 3 ranges
  run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 300, 520, 150, cut, rng);
  // stream-K (GemmArgs::stream_k): 136 tiles (all divided), 272 (all), under a wave (none)
  Variant sk = v("stream-k", 256, 1);
  sk.stream_k = true;
  run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 2100, 2048, 1000, sk, rng);
  Variant sk128 = ab;
  sk128.name = "stream-k a-b", sk128.stream_k = true, sk128.tail = 1;
  run<Major::row, Major::col, Gelu, nv_bfloat16, nv_bfloat16>("bf16 TN gelu(+col bias), stream-K",
                                                              2100, 2048, 520, sk128, rng);
  Variant sk_small = sk;
  sk_small.batch = 2, sk_small.beta = 0.5f;
  run<Major::row, Major::row, Epilogue<>, nv_bfloat16, float>("bf16 NN -> fp32, stream-K", 129, 257,
                                                              1000, sk_small, rng);
  // the 128 x 176 and 128 x 224 tiles (B column-major) in the general kernel: 2100 x 8 tiles,
  // 17 x 8 = 136 tiles, a tail of 4; then fp32 D (11 boxes of 8 columns per pass for 176, 7 of 16
  // for 224) in a batch with C
  for (const int tile : {176, 224}) {
    const bool n176 = tile == 176;
    Variant tail = v(n176 ? "176 tail" : "224 tail", tile, 4);
    run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 2100, 8 * tile, 1000, tail,
                                                                 rng);
    Variant batched = v(n176 ? "176 batched" : "224 batched", tile, 1);
    batched.batch = 2, batched.beta = 0.5f, batched.pad = 8;
    run<Major::col, Major::col, Epilogue<>, nv_bfloat16, float>(
        n176 ? "bf16 TT -> fp32, 176" : "bf16 TT -> fp32, 224", 300, 700, 520, batched, rng);
  }
  if (!quick) {
    // the heuristic's own choice of a narrower tile for m x n x k (tile, tail split; unsplit,
    // as given): checked where the GPU has 132 SMs, then run
    auto heuristic = [&](const char* name, int m, int n, int k, int tile, int tail) {
      Variant h = v(name, 0, 0);
      h.split = 0;
      GemmArgs<nv_bfloat16> g{.m = m, .n = n, .k = k};
      const GemmChoice c = gemm_choice<Major::row, Major::col>(g);
      const bool sms132 = gemm_sm90::sm_count() == 132;
      const bool ok = c.tile_n == tile && c.tail_split == tail && c.split == 1 && !c.swap_ab;
      std::printf("%s the heuristic's tile of %d x %d x %d: 128 x %d, tail split %d%s\n",
                  !sms132 ? "SKIP"
                  : ok    ? "PASS"
                          : "FAIL",
                  m, n, k, c.tile_n, c.tail_split, sms132 ? "" : " (not 132 SMs)");
      failures += sms132 && !ok ? 1 : 0;
      run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, m, n, k, h, rng);
    };
    // the 224-wide tile on the fast path's kernel (4 stages in clusters of 2): 1024 x 14336,
    // 512 tiles (3.88 waves of 132), no tail split
    heuristic("heuristic (224)", 1024, 14336, 4096, 224, 1);
    // the fast path's 224-wide kernel alone (9 M tiles: no whole clusters), ragged N
    Variant w1 = v("224 alone", 224, 1);
    run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 1152, 14000, 1024, w1, rng);
    run<Major::row, Major::col, Plain, half, half>("fp16 TN Plain", 1024, 14336, 520, w1, rng);
    // the 176-wide tile: 384 x 11392, 195 tiles (1.48 waves of 132), the tail of 63 split in 2
    heuristic("heuristic (176)", 384, 11392, 512, 176, 2);
    Variant skbig = sk; // 1024 x 14336: 264 tiles whole, 184 divided
    skbig.give_workspace = true;
    run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 1024, 14336, 512, skbig, rng);
    run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 4095, 4104, 256, sk, rng);
    Variant big = v("ws-given", 256, 2); // 1024 x 14336: 448 tiles, 3 waves and 52 tiles
    big.give_workspace = true;
    run<Major::row, Major::col, Plain, nv_bfloat16, nv_bfloat16>(tn, 1024, 14336, 512, big, rng);
  }
}
#endif

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("the sm_90a GEMM needs an sm_90 GPU (this one: sm_%d%d): skipped\n", prop.major,
                prop.minor);
    return 77;
  }
  Sweep s;
  s.quick = argc > 1 && std::string(argv[1]) == "--quick";
  const unsigned seed =
      argc > 1 && !s.quick ? static_cast<unsigned>(std::atoi(argv[1])) : 20261201u;
  std::printf("seed %u, group %d\n", seed, TIRX_GEMM_GROUP);
  s.rng.seed(seed + TIRX_GEMM_GROUP);
  using bf16 = nv_bfloat16;
#if TIRX_GEMM_GROUP == 0
  s.all<Major::row, Major::col, Epilogue<>, bf16, bf16>("bf16 A row B col (TN)");
  s.all<Major::row, Major::row, Epilogue<>, bf16, bf16>("bf16 A row B row (NN)");
  s.all<Major::col, Major::col, Epilogue<>, bf16, bf16>("bf16 A col B col (TT)");
  s.all<Major::col, Major::row, Epilogue<>, bf16, bf16>("bf16 A col B row (NT)");
  s.fast<bf16, bf16>("bf16 TN, the fast path");
#elif TIRX_GEMM_GROUP == 1
  s.all<Major::row, Major::col, Epilogue<>, half, half>("fp16 TN -> fp16");
  s.fast<half, half>("fp16 TN -> fp16, the fast path");
  s.fast<half, float>("fp16 TN -> fp32, the fast path");
  s.all<Major::col, Major::row, Epilogue<>, half, float>("fp16 NT -> fp32", 2);
  s.all<Major::row, Major::row, Epilogue<ewise::relu, Bias::column>, bf16, float>(
      "bf16 NN -> fp32, relu(+col bias)", 2);
  s.all<Major::col, Major::col, Epilogue<ewise::silu, Bias::row>, half, bf16>(
      "fp16 TT -> bf16, silu(+row bias)", 2);
#elif TIRX_GEMM_GROUP == 3
  splitk_example(s.rng);
  exchanges(s.rng, s.quick);
  s.configs<Major::row, Major::col, Epilogue<ewise::gelu_tanh, Bias::column>, bf16, bf16>(
      "bf16 TN, gelu(+col bias)");
  s.configs<Major::row, Major::col, Plain, bf16, bf16>("bf16 TN, Plain");
  s.configs<Major::col, Major::row, Plain, half, half>("fp16 NT -> fp16, Plain");
#elif TIRX_GEMM_GROUP == 4
  tails(s.rng, s.quick);
  s.configs<Major::row, Major::row, Epilogue<>, bf16, float>("bf16 NN -> fp32");
  s.configs<Major::col, Major::col, Epilogue<ewise::silu, Bias::row>, half, bf16>(
      "fp16 TT -> bf16, silu(+row bias)");
#else
  refusals();
  api_example(s.rng);
  copies(s.rng, s.quick);
  s.all<Major::row, Major::col, Epilogue<ewise::gelu_tanh, Bias::column>, bf16, bf16>(
      "bf16 TN, gelu(+col bias)");
  s.all<Major::row, Major::col, Epilogue<leaky>, bf16, bf16>("bf16 TN, user functor (leaky)", 2,
                                                             Epilogue<leaky>{leaky{0.125f}});
  s.all<Major::col, Major::row, Plain, bf16, bf16>("bf16 NT, Plain", 3);
#endif
  std::printf("%d cases, %s\n", cases, failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
