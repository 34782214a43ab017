// The sm_80 GEMM benchmark: tirx's Ampere GEMM (kernels/gemm/gemm_sm80.cuh:
// cp.async stages, ldmatrix, mma.sync) beside cuBLAS (cublasGemmEx, the same
// TN problem and types, fp32 compute) and beside the mma.sync ceiling that
// this program measures first (benchmarks/mma_ceiling.cuh), in one run on
// any GPU of sm_80 or newer. Each problem: uniform [-1, 1] inputs, tirx's D
// checked against cuBLAS's before timing (|d - ref| <= eps |ref| + 2^-10
// sqrt(K), eps one ulp of D's type), then 4 rounds of 20 event-timed
// launches taken alternately (tirx, cuBLAS) after a warm-up, medians
// reported. Output: the ceilings, then one CSV line per problem: type,
// tiling, M, N, K, tirx TFLOP/s, cuBLAS TFLOP/s, tirx / cuBLAS, tirx / the
// ceiling.
//   bench_gemm_sm80 [--quick] [--tilings] | --profile | --sustained
// --quick: 4096^3 and 8192^3 only; --tilings: also every tiling of the
// header on 4096^3 and 8192^3 (bf16), to pick the default from; --profile:
// one launch of the default tiling on 4096^3 bf16, then one of each other
// copy schedule (TilingC1, C2, C3), and nothing else (for ncu -k
// regex:gemm_tn -c 1, or -c 4); --sustained: the default tiling alone on
// 8192^3 bf16 for about 3 s, TFLOP/s per 200 ms (to read the SM clock
// under load with nvidia-smi meanwhile).
#include "../kernels/gemm/gemm_sm80.cuh"
#include "bench_fill.hpp"
#include "event_timing.hpp"
#include "mma_ceiling.cuh"

#include <cublas_v2.h>

#include <cmath>
#include <cstring>
#include <tuple>

namespace {
using namespace tirx_kernels::gemm80;
#define CHECK(x) BENCH_GEMM_CHECK(x)
using bench_gemm::fill;

template <class T> float value(T x) {
  if constexpr (std::is_same_v<T, half>)
    return __half2float(x);
  else
    return __bfloat162float(x);
}

using tirx_bench::median_ms;

template <class T, class Cfg = DefaultTiling>
void problem(cublasHandle_t h, int m, int n, int k, double ceiling) {
  T *a, *b, *d, *ref;
  CHECK(cudaMalloc(&a, size_t(m) * k * sizeof(T)));
  CHECK(cudaMalloc(&b, size_t(n) * k * sizeof(T)));
  CHECK(cudaMalloc(&d, size_t(m) * n * sizeof(T)));
  CHECK(cudaMalloc(&ref, size_t(m) * n * sizeof(T)));
  fill<<<1024, 256>>>(a, size_t(m) * k, 1u);
  fill<<<1024, 256>>>(b, size_t(n) * k, 2u);
  const float one = 1.0f, zero = 0.0f;
  constexpr cudaDataType_t type = std::is_same_v<T, half> ? CUDA_R_16F : CUDA_R_16BF;
  auto run_tirx = [&] { CHECK((tirx_kernels::gemm_sm80_tn<Cfg>(a, b, d, m, n, k))); };
  // column-major cuBLAS: D^T (n x m) = B (k x n col-major, transposed) A^T
  auto run_cublas = [&](T* out) {
    CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &one, b, type, k, a, type, k, &zero,
                       out, type, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  };
  run_tirx();
  run_cublas(ref);
  CHECK(cudaDeviceSynchronize());
  std::vector<T> hd(size_t(m) * n), hr(size_t(m) * n);
  CHECK(cudaMemcpy(hd.data(), d, hd.size() * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hr.data(), ref, hr.size() * sizeof(T), cudaMemcpyDeviceToHost));
  long long bad = 0;
  const double eps = std::is_same_v<T, half> ? 0x1p-10 : 0x1p-7, floor = std::sqrt(k) / 1024.0;
  for (size_t i = 0; i < hd.size(); ++i) {
    const double g = value(hd[i]), w = value(hr[i]);
    bad += !(std::fabs(g - w) <= eps * std::fabs(w) + floor);
  }
  const char* tname = std::is_same_v<T, half> ? "f16" : "bf16";
  if (bad) {
    std::printf("%s,%s,%d,%d,%d,MISMATCH (%lld elements differ from cuBLAS)\n", tname,
                Cfg::name().c_str(), m, n, k, bad);
    std::exit(1);
  }
  auto time = [](const auto& f) { return tirx_bench::event_times(f); };
  time(run_tirx);
  time([&] { run_cublas(d); });
  std::vector<float> tt, tc;
  for (int round = 0; round < 4; ++round) {
    auto x = time(run_tirx);
    auto y = time([&] { run_cublas(d); });
    tt.insert(tt.end(), x.begin(), x.end());
    tc.insert(tc.end(), y.begin(), y.end());
  }
  const double flop = 2.0 * m * n * double(k);
  const double ft = flop / (median_ms(tt) * 1e-3) / 1e12, fc = flop / (median_ms(tc) * 1e-3) / 1e12;
  std::printf("%s,%s,%d,%d,%d,%.1f,%.1f,%.3f,%.3f\n", tname, Cfg::name().c_str(), m, n, k, ft, fc,
              ft / fc, ft / ceiling);
  std::fflush(stdout);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(d));
  CHECK(cudaFree(ref));
}
} // namespace

int main(int argc, char** argv) {
  bool quick = false, tilings = false, profile = false, sustained = false;
  for (int i = 1; i < argc; ++i) {
    quick |= std::strcmp(argv[i], "--quick") == 0;
    tilings |= std::strcmp(argv[i], "--tilings") == 0;
    profile |= std::strcmp(argv[i], "--profile") == 0;
    sustained |= std::strcmp(argv[i], "--sustained") == 0;
  }
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess || prop.major < 8) {
    std::printf("bench_gemm_sm80: no GPU of sm_80 or newer: skipped\n");
    return 77;
  }
  if (profile || sustained) {
    const int s = profile ? 4096 : 8192;
    nv_bfloat16 *a, *b, *d;
    CHECK(cudaMalloc(&a, size_t(s) * s * sizeof(nv_bfloat16)));
    CHECK(cudaMalloc(&b, size_t(s) * s * sizeof(nv_bfloat16)));
    CHECK(cudaMalloc(&d, size_t(s) * s * sizeof(nv_bfloat16)));
    fill<<<1024, 256>>>(a, size_t(s) * s, 1u);
    fill<<<1024, 256>>>(b, size_t(s) * s, 2u);
    CHECK(tirx_kernels::gemm_sm80_tn(a, b, d, s, s, s));
    if (profile) { // one launch each: the default, then the other copy schedules
      CHECK(tirx_kernels::gemm_sm80_tn<TilingC1>(a, b, d, s, s, s));
      CHECK(tirx_kernels::gemm_sm80_tn<TilingC2>(a, b, d, s, s, s));
      CHECK(tirx_kernels::gemm_sm80_tn<TilingC3>(a, b, d, s, s, s));
    }
    CHECK(cudaDeviceSynchronize());
    if (profile)
      std::printf("bench_gemm_sm80 --profile: %s, then c1, c2, c3, on %d^3 bf16\n",
                  DefaultTiling::name().c_str(), s);
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    for (int round = 0; sustained && round < 15; ++round) {
      CHECK(cudaEventRecord(e0));
      for (int i = 0; i < 70; ++i)
        CHECK(tirx_kernels::gemm_sm80_tn(a, b, d, s, s, s));
      CHECK(cudaEventRecord(e1));
      CHECK(cudaEventSynchronize(e1));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, e0, e1));
      std::printf("sustained %s %d^3 bf16: %.1f TFLOP/s\n", DefaultTiling::name().c_str(), s,
                  70 * 2.0 * s * s * double(s) / (ms * 1e-3) / 1e12);
      std::fflush(stdout);
    }
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(d));
    return 0;
  }
  // the ceilings first, in the same run (the whole sweep, best point)
  const auto bf = tirx_bench::mma::sweep<nv_bfloat16>("bf16", false);
  const auto hf = tirx_bench::mma::sweep<half>("f16", false);
  for (auto [name, p] : {std::pair{"bf16", bf}, std::pair{"f16", hf}})
    std::printf("# mma.sync ceiling %s: %.1f TFLOP/s (%d warps x %d CTAs per SM, %d chains, "
                "%.3f GHz)\n",
                name, p.tflops, p.warps, p.blocks_per_sm, p.chains, p.ghz);
  cublasHandle_t h;
  CHECK(cublasCreate(&h));
  std::printf("type,tiling,M,N,K,tirx_tflops,cublas_tflops,ratio_cublas,ratio_ceiling\n");
  std::vector<std::tuple<int, int, int>> ps = {{4096, 4096, 4096}, {8192, 8192, 8192}};
  if (!quick) {
    for (int m : {128, 1024, 4096})
      for (auto [n, k] : {std::pair{4096, 4096}, std::pair{14336, 4096}, std::pair{4096, 14336}})
        ps.emplace_back(m, n, k);
    ps.emplace_back(4095, 4097, 4096);
  }
  for (auto [m, n, k] : ps)
    problem<nv_bfloat16>(h, m, n, k, bf.tflops);
  for (auto [m, n, k] : {std::tuple{4096, 4096, 4096}, std::tuple{8192, 8192, 8192}})
    problem<half>(h, m, n, k, hf.tflops);
  if (tilings)
    for (int s : {4096, 8192}) {
      problem<nv_bfloat16, TilingC1>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingC2>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingC3>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingK64S3>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingK32>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingK32S8>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingTall>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingTallK64>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingSquare>(h, s, s, s, bf.tflops);
      problem<nv_bfloat16, TilingSquareK64>(h, s, s, s, bf.tflops);
    }
  CHECK(cublasDestroy(h));
  return 0;
}
