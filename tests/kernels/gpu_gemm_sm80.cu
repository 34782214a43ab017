// GPU test of the sm_80 GEMM (kernels/gemm/gemm_sm80.cuh, label gpu; built
// for sm_80 and sm_90a, runs on any GPU of sm_80 or newer): D = A B^T for
// bf16 -> bf16, bf16 -> f32, f16 -> f16 and f16 -> f32, over ragged sizes:
// M and N sampled in 1..520 (any value), K sampled from the multiples of 8
// in 8..520, fixed edge cases (one element, exact tiles, one past a tile,
// fewer K blocks than stages, K = 0), and large primes M, N with K a
// multiple of 8 (bf16 -> bf16 also with TilingC3, the previous default);
// then every other tiling of the header and the named
// entries (gemm_sm80_bf16_tn, gemm_sm80_f16_tn) on a few sizes; then
// the persistent tile walk with 1, 2 and 7 CTAs (several tiles per CTA);
// then the launcher's refusals (K not a multiple of 8, misaligned A, B, D).
// Inputs: seeded uniform [-1, 1], rounded to the input type. Reference: a
// host GEMM in double on the rounded inputs. Bound, per element:
//   |D - ref| <= eps * |ref| + 2^-18 * sum_k |a_ik b_jk|
// eps = 2^-8 for a bf16 D, 2^-10 for f16 (twice the rounding of D), 0 for
// f32; the second term covers the rounding of the fp32 accumulation (each
// case prints its largest error as a fraction of the bound), while one
// missing or misplaced 16-byte chunk of A or B moves an element by about 1. D and a guard of 64
// elements past it are poisoned (0x7f bytes: a huge bf16 or f32, a NaN f16) first; the guard must
// stay. `gpu_gemm_sm80 --quick` (or TIRX_SWEEP_QUICK=1) keeps the sizes below 2^24 multiply-adds
// (for compute-sanitizer); `gpu_gemm_sm80 SEED` replays. Exit 0: all passed; 1: a case failed; 77:
// no GPU of sm_80 or newer.
#include "gpu_check.hpp"

#include "../../kernels/gemm/gemm_sm80.cuh"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace {

using bf16 = nv_bfloat16;
int failures = 0;

template <class T> float to_float(T x) {
  if constexpr (std::is_same_v<T, float>)
    return x;
  else if constexpr (std::is_same_v<T, half>)
    return __half2float(x);
  else
    return __bfloat162float(x);
}
template <class T> T from_float(float x) {
  if constexpr (std::is_same_v<T, half>)
    return __float2half_rn(x);
  else
    return __float2bfloat16_rn(x);
}
template <class T> const char* type_name() {
  return std::is_same_v<T, float> ? "f32" : std::is_same_v<T, half> ? "f16" : "bf16";
}

/// One problem's inputs and its host reference.
template <class T> struct Problem {
  int m, n, k;
  std::vector<T> a, b;
  std::vector<double> ref, abs; // sum of a b and of |a b| per element of D
  Problem(int m_, int n_, int k_, std::mt19937& rng) : m(m_), n(n_), k(k_) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    a.resize(static_cast<size_t>(m) * k);
    b.resize(static_cast<size_t>(n) * k);
    for (auto& x : a)
      x = from_float<T>(u(rng));
    for (auto& x : b)
      x = from_float<T>(u(rng));
    std::vector<float> fa(a.size()), fb(b.size());
    for (size_t i = 0; i < a.size(); ++i)
      fa[i] = to_float(a[i]);
    for (size_t i = 0; i < b.size(); ++i)
      fb[i] = to_float(b[i]);
    ref.assign(static_cast<size_t>(m) * n, 0.0);
    abs.assign(ref.size(), 0.0);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        const float* x = &fa[static_cast<size_t>(i) * k];
        const float* y = &fb[static_cast<size_t>(j) * k];
        double s = 0, t = 0;
        for (int q = 0; q < k; ++q) {
          const double p = static_cast<double>(x[q]) * y[q];
          s += p;
          t += std::fabs(p);
        }
        ref[static_cast<size_t>(i) * n + j] = s;
        abs[static_cast<size_t>(i) * n + j] = t;
      }
  }
};

/// Cfg = Named: through gemm_sm80_bf16_tn / gemm_sm80_f16_tn (the tiling
/// that fits the GPU), else gemm_sm80_tn<Cfg>.
struct Named {
  static std::string name() { return "the named entry"; }
};
template <class T, class TD, class Cfg = tirx_kernels::gemm80::DefaultTiling>
void run(const Problem<T>& p, int max_ctas = 0) {
  const int m = p.m, n = p.n, k = p.k;
  constexpr int guard = 64;
  const size_t md = static_cast<size_t>(m) * n;
  T *a = nullptr, *b = nullptr;
  TD* d = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&a, p.a.size() * sizeof(T) + 16));
  TIRX_CHECK_CUDA(cudaMalloc(&b, p.b.size() * sizeof(T) + 16));
  TIRX_CHECK_CUDA(cudaMalloc(&d, (md + guard) * sizeof(TD)));
  TIRX_CHECK_CUDA(cudaMemcpy(a, p.a.data(), p.a.size() * sizeof(T), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(b, p.b.data(), p.b.size() * sizeof(T), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(d, 0x7f, (md + guard) * sizeof(TD)));
  if constexpr (std::is_same_v<Cfg, Named> && std::is_same_v<T, half>)
    TIRX_CHECK_CUDA(tirx_kernels::gemm_sm80_f16_tn(a, b, d, m, n, k));
  else if constexpr (std::is_same_v<Cfg, Named>)
    TIRX_CHECK_CUDA(tirx_kernels::gemm_sm80_bf16_tn(a, b, d, m, n, k));
  else
    TIRX_CHECK_CUDA((tirx_kernels::gemm_sm80_tn<Cfg>(a, b, d, m, n, k, 0, max_ctas)));
  TIRX_CHECK_LAUNCH("gemm_sm80_tn");
  std::vector<TD> hd(md + guard);
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), d, hd.size() * sizeof(TD), cudaMemcpyDeviceToHost));
  const double eps = std::is_same_v<TD, float> ? 0.0 : std::is_same_v<TD, half> ? 0x1p-10 : 0x1p-8;
  int bad = 0;
  double worst = 0; // the largest error as a fraction of its bound
  for (size_t i = 0; i < md; ++i) {
    const double got = to_float(hd[i]), want = p.ref[i];
    const double bound = eps * std::fabs(want) + 0x1p-18 * p.abs[i];
    const double err = std::fabs(got - want);
    if (!(err <= bound)) {
      if (bad++ < 3)
        std::printf("  D(%zu, %zu) = %.8g, want %.8g (bound %.3g)\n", i / n, i % n, got, want,
                    bound);
    } else if (bound > 0 && err / bound > worst) {
      worst = err / bound;
    }
  }
  unsigned char poison[sizeof(TD)];
  std::memset(poison, 0x7f, sizeof(TD));
  for (int i = 0; i < guard; ++i)
    if (std::memcmp(&hd[md + i], poison, sizeof(TD)) != 0 && bad++ < 3)
      std::printf("  the guard element %d past D was written\n", i);
  const std::string config =
      std::string(type_name<T>()) + " -> " + type_name<TD>() + ", " + Cfg::name();
  std::printf("%s %-34s %5d x %5d x %5d (worst error %.2f of its bound)\n", bad ? "FAIL" : "PASS",
              config.c_str(), m, n, k, worst);
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(a));
  TIRX_CHECK_CUDA(cudaFree(b));
  TIRX_CHECK_CUDA(cudaFree(d));
}

/// The launcher refuses with std::invalid_argument (what() names the rule).
template <class F> void refuses(const char* what, F&& f) {
  bool ok = false;
  std::string msg = "nothing thrown";
  try {
    (void)f();
  } catch (const std::invalid_argument& e) {
    ok = true;
    msg = e.what();
  }
  std::printf("%s refuses %s: %s\n", ok ? "PASS" : "FAIL", what, msg.c_str());
  failures += ok ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 8) {
    std::printf("the sm_80 GEMM needs an sm_80 GPU or newer (this one: sm_%d%d): skipped\n",
                prop.major, prop.minor);
    return 77;
  }
  const char* env = std::getenv("TIRX_SWEEP_QUICK");
  const bool quick = (argc > 1 && std::string(argv[1]) == "--quick") || (env && env[0] == '1');
  const bool seeded = argc > 1 && std::string(argv[1]) != "--quick";
  const unsigned seed =
      seeded ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 20261201u;
  std::printf("gpu_gemm_sm80: seed %u (replay: gpu_gemm_sm80 %u)%s\n", seed, seed,
              quick ? ", quick" : "");
  std::mt19937 rng(seed);
  // edges of the 128 x 256 x 32 tiles and its 4 stages, then primes
  std::vector<std::tuple<int, int, int>> sizes = {
      {1, 1, 8},       {1, 7, 16},       {3, 1, 24},         {5, 9, 0},
      {128, 256, 32},  {129, 257, 40},   {127, 255, 96},     {255, 511, 136},
      {256, 512, 128}, {383, 17, 8},     {17, 383, 520},     {520, 520, 520},
      {1, 1031, 1032}, {1021, 1019, 16}, {1031, 1033, 1040}, {2053, 263, 2056}};
  std::uniform_int_distribution<int> any(1, 520), eighths(1, 65);
  for (int i = 0; i < 8; ++i)
    sizes.emplace_back(any(rng), any(rng), 8 * eighths(rng));
  if (quick)
    std::erase_if(sizes, [](const auto& s) {
      return static_cast<long long>(std::get<0>(s)) * std::get<1>(s) * std::get<2>(s) > (1ll << 24);
    });
  for (auto [m, n, k] : sizes) {
    const Problem<bf16> pb(m, n, k, rng);
    run<bf16, bf16>(pb);
    run<bf16, float>(pb);
    run<bf16, bf16, tirx_kernels::gemm80::TilingC3>(pb); // (the previous default)
    const Problem<half> ph(m, n, k, rng);
    run<half, half>(ph);
    run<half, float>(ph);
  }
  using namespace tirx_kernels::gemm80;
  for (auto [m, n, k] : {std::tuple{129, 257, 40}, std::tuple{300, 200, 392}}) {
    const Problem<bf16> pb(m, n, k, rng);
    run<bf16, bf16, TilingC1>(pb);
    run<bf16, bf16, TilingC2>(pb);
    run<bf16, float, TilingC3>(pb);
    run<bf16, bf16, TilingK64S3>(pb);
    run<bf16, bf16, TilingK32>(pb);
    run<bf16, bf16, TilingK32S8>(pb);
    run<bf16, bf16, TilingTall>(pb);
    run<bf16, float, TilingTallK64>(pb);
    run<bf16, bf16, TilingSquare>(pb);
    run<bf16, float, TilingSquareK64>(pb);
    run<bf16, bf16, Named>(pb);
    run<bf16, float, Named>(pb);
    const Problem<half> ph(m, n, k, rng);
    run<half, half, Named>(ph);
    run<half, float, Named>(ph);
  }
  // the persistent walk: few CTAs, several tiles each (also with fewer K
  // blocks than stages, so that the prologue's loads span tiles, and K = 0)
  for (auto [m, n, k] : {std::tuple{520, 520, 520}, std::tuple{300, 600, 8},
                         std::tuple{700, 300, 72}, std::tuple{260, 520, 0}}) {
    if (quick && m * n * k > (1 << 24))
      continue;
    const Problem<bf16> pb(m, n, k, rng);
    for (int ctas : {1, 2, 7}) {
      run<bf16, bf16>(pb, ctas);
      run<bf16, bf16, TilingC1>(pb, ctas);
      run<bf16, bf16, TilingC3>(pb, ctas);
      run<bf16, float, TilingSquare>(pb, ctas);
    }
  }
  // the refusals (nothing is launched)
  bf16 *a = nullptr, *b = nullptr, *d = nullptr;
  float* f = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&a, 4096));
  TIRX_CHECK_CUDA(cudaMalloc(&b, 4096));
  TIRX_CHECK_CUDA(cudaMalloc(&d, 4096));
  TIRX_CHECK_CUDA(cudaMalloc(&f, 4096));
  refuses("k = 12", [&] { return tirx_kernels::gemm_sm80_bf16_tn(a, b, d, 8, 8, 12); });
  refuses("a misaligned A", [&] { return tirx_kernels::gemm_sm80_bf16_tn(a + 4, b, d, 8, 8, 8); });
  refuses("a misaligned B", [&] { return tirx_kernels::gemm_sm80_bf16_tn(a, b + 1, d, 8, 8, 8); });
  refuses("an f32 D on 4 bytes",
          [&] { return tirx_kernels::gemm_sm80_bf16_tn(a, b, f + 1, 8, 8, 8); });
  TIRX_CHECK_CUDA(cudaFree(a));
  TIRX_CHECK_CUDA(cudaFree(b));
  TIRX_CHECK_CUDA(cudaFree(d));
  TIRX_CHECK_CUDA(cudaFree(f));
  std::printf("gpu_gemm_sm80: %s (%d failed)\n", failures ? "FAILED" : "all passed", failures);
  return failures ? 1 : 0;
}
