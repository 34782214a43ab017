// The GEMM benchmark: tirx's Hopper GEMM (kernels/gemm/gemm_sm90.cuh)
// beside cuBLAS (cublasGemmEx, bf16 in, fp32 compute, bf16 out, the same
// TN problem) in one run. Each problem: uniform [-1, 1] bf16 inputs, tirx's
// D checked against cuBLAS's before timing (|d| <= 2^-7 |ref| + 2^-10
// sqrt(K)), then rounds of 20 event-timed launches taken alternately (tirx,
// cuBLAS, tirx, cuBLAS) after a warm-up, medians reported. Output: one CSV
// line per problem (M, N, K, tirx TFLOP/s, cuBLAS TFLOP/s, ratio).
//   bench_gemm [--quick]   (quick: 4096^3 and 8192^3 only)
#include "../kernels/gemm/gemm_sm90.cuh"

#include <cublas_v2.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <tuple>
#include <vector>

namespace {
#define CHECK(x)                                                                                   \
  do {                                                                                             \
    if (auto e_ = (x); e_ != 0) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #x, (int)e_);            \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void fill(__nv_bfloat16* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    unsigned x = static_cast<unsigned>(i) * 2654435761u ^ seed;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    p[i] = __float2bfloat16(static_cast<float>(x & 0xffffff) / 8388608.0f - 1.0f);
  }
}

float median_ms(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void problem(cublasHandle_t h, int m, int n, int k) {
  __nv_bfloat16 *a, *b, *d, *ref;
  CHECK(cudaMalloc(&a, size_t(m) * k * 2));
  CHECK(cudaMalloc(&b, size_t(n) * k * 2));
  CHECK(cudaMalloc(&d, size_t(m) * n * 2));
  CHECK(cudaMalloc(&ref, size_t(m) * n * 2));
  fill<<<1024, 256>>>(a, size_t(m) * k, 1u);
  fill<<<1024, 256>>>(b, size_t(n) * k, 2u);
  const float one = 1.0f, zero = 0.0f;
  auto run_tirx = [&] { CHECK(tirx_kernels::gemm_bf16_tn(a, b, d, m, n, k)); };
  // column-major cuBLAS: D^T (n x m) = B (n x k, as k x n col-major, transposed) * A^T
  auto run_cublas = [&](__nv_bfloat16* out) {
    CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &one, b, CUDA_R_16BF, k, a,
                       CUDA_R_16BF, k, &zero, out, CUDA_R_16BF, n, CUBLAS_COMPUTE_32F,
                       CUBLAS_GEMM_DEFAULT));
  };
  run_tirx();
  run_cublas(ref);
  CHECK(cudaDeviceSynchronize());
  std::vector<__nv_bfloat16> hd(size_t(m) * n), hr(size_t(m) * n);
  CHECK(cudaMemcpy(hd.data(), d, hd.size() * 2, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hr.data(), ref, hr.size() * 2, cudaMemcpyDeviceToHost));
  long long bad = 0;
  const double floor = std::sqrt(double(k)) / 1024.0;
  for (size_t i = 0; i < hd.size(); ++i) {
    const double g = __bfloat162float(hd[i]), w = __bfloat162float(hr[i]);
    bad += !(std::fabs(g - w) <= std::fabs(w) / 128.0 + floor);
  }
  if (bad) {
    std::printf("%d,%d,%d,MISMATCH (%lld elements differ from cuBLAS)\n", m, n, k, bad);
    std::exit(1);
  }
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1));
  auto time = [&](auto f) {
    std::vector<float> t;
    for (int i = 0; i < 20; ++i) {
      CHECK(cudaEventRecord(e0));
      f();
      CHECK(cudaEventRecord(e1));
      CHECK(cudaEventSynchronize(e1));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, e0, e1));
      t.push_back(ms);
    }
    return t;
  };
  time(run_tirx);
  time([&] { run_cublas(d); });
  std::vector<float> tt, tc;
  for (int round = 0; round < 3; ++round) {
    auto x = time(run_tirx);
    auto y = time([&] { run_cublas(d); });
    tt.insert(tt.end(), x.begin(), x.end());
    tc.insert(tc.end(), y.begin(), y.end());
  }
  const double flop = 2.0 * m * n * double(k);
  const double ft = flop / (median_ms(tt) * 1e-3) / 1e12, fc = flop / (median_ms(tc) * 1e-3) / 1e12;
  std::printf("%d,%d,%d,%.1f,%.1f,%.3f\n", m, n, k, ft, fc, ft / fc);
  std::fflush(stdout);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(d));
  CHECK(cudaFree(ref));
}
} // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  cublasHandle_t h;
  CHECK(cublasCreate(&h));
  std::printf("M,N,K,tirx_tflops,cublas_tflops,ratio\n");
  std::vector<std::tuple<int, int, int>> ps;
  if (quick) {
    ps = {{4096, 4096, 4096}, {8192, 8192, 8192}};
  } else {
    for (int s : {1024, 2048, 4096, 8192, 16384})
      ps.emplace_back(s, s, s);
    for (int m : {1, 16, 128, 1024, 4096, 16384})
      for (auto [n, k] : {std::pair{4096, 4096}, std::pair{14336, 4096}, std::pair{4096, 14336}})
        ps.emplace_back(m, n, k);
    ps.emplace_back(4095, 4104, 4096);
    ps.emplace_back(8191, 8200, 8192);
  }
  for (auto [m, n, k] : ps)
    problem(h, m, n, k);
  CHECK(cublasDestroy(h));
  return 0;
}
