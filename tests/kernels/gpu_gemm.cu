// GPU test of the Hopper GEMM (kernels/gemm/gemm_sm90.cuh, label gpu,
// sm_90a): D = A B^T in bf16 with fp32 accumulation over sizes with ragged
// edges (M from a sampled set in 1..520 and primes, N and K multiples of 8
// from 8 to 520, and 4095 x 4104 x 4096), for the launcher's default
// configuration (3 stages, TMA-store epilogue) and the others it offers
// (direct-store epilogue; 4 stages, whose TMA store goes through a ring of
// two staging slots; clusters of 2 with B multicast; the 128 x 224 tile), on
// seeded uniform [-1, 1] inputs. The reference is an fp32 GEMM on the GPU
// (checked against a host GEMM on the small sizes); every element must lie
// within bf16 rounding of it: |D - ref| <= 2^-7 |ref| + 2^-10 sqrt(K). D is
// poisoned first. `gpu_gemm --quick` keeps the small sizes (for
// compute-sanitizer). Exit 0: all passed; 1: a case failed; 77: no sm_90 GPU.
#include "gpu_check.hpp"

#include "../../kernels/gemm/gemm_sm90.cuh"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace {

__global__ void reference_gemm(const __nv_bfloat16* a, const __nv_bfloat16* b, float* d, int m,
                               int n, int k) {
  const int i = static_cast<int>(blockIdx.y * 16 + threadIdx.y);
  const int j = static_cast<int>(blockIdx.x * 16 + threadIdx.x);
  if (i >= m || j >= n)
    return;
  float s = 0.0f;
  for (int x = 0; x < k; ++x)
    s = fmaf(__bfloat162float(a[static_cast<long long>(i) * k + x]),
             __bfloat162float(b[static_cast<long long>(j) * k + x]), s);
  d[static_cast<long long>(i) * n + j] = s;
}

int failures = 0;

template <int Stages, bool Overlap, int Cluster, bool TmaStore, int TileN = 256>
void run(const char* config, int m, int n, int k, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<__nv_bfloat16> ha(static_cast<size_t>(m) * k), hb(static_cast<size_t>(n) * k);
  for (auto& x : ha)
    x = __float2bfloat16(u(rng));
  for (auto& x : hb)
    x = __float2bfloat16(u(rng));
  __nv_bfloat16 *a, *b, *d;
  float* r;
  const size_t md = static_cast<size_t>(m) * n;
  TIRX_CHECK_CUDA(cudaMalloc(&a, ha.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&b, hb.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&d, md * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&r, md * 4));
  TIRX_CHECK_CUDA(cudaMemcpy(a, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(b, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(d, 0x7f, md * 2)); // poison: 0x7f7f is a huge bf16
  TIRX_CHECK_CUDA(
      (tirx_kernels::gemm_bf16_tn<Stages, Overlap, Cluster, TmaStore, TileN>(a, b, d, m, n, k)));
  TIRX_CHECK_LAUNCH("gemm_bf16_tn");
  reference_gemm<<<dim3((n + 15) / 16, (m + 15) / 16), dim3(16, 16)>>>(a, b, r, m, n, k);
  TIRX_CHECK_LAUNCH("reference_gemm");
  std::vector<__nv_bfloat16> hd(md);
  std::vector<float> hr(md);
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), d, md * 2, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(hr.data(), r, md * 4, cudaMemcpyDeviceToHost));
  int bad = 0;
  // the reference itself, on the host, where that is cheap
  if (static_cast<long long>(m) * n * k <= (1ll << 24))
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        double s = 0;
        for (int x = 0; x < k; ++x)
          s += static_cast<double>(__bfloat162float(ha[static_cast<size_t>(i) * k + x])) *
               __bfloat162float(hb[static_cast<size_t>(j) * k + x]);
        if (std::fabs(s - hr[static_cast<size_t>(i) * n + j]) > 1e-4 * std::sqrt(k) + 1e-5) {
          if (bad++ < 3)
            std::printf("  reference (%d, %d) = %g, host %g\n", i, j,
                        hr[static_cast<size_t>(i) * n + j], s);
        }
      }
  const double floor = std::sqrt(static_cast<double>(k)) / 1024.0;
  for (size_t i = 0; i < md; ++i) {
    const double got = __bfloat162float(hd[i]), want = hr[i];
    if (!(std::fabs(got - want) <= std::fabs(want) / 128.0 + floor) && bad++ < 3)
      std::printf("  D(%zu, %zu) = %g, want %g\n", i / n, i % n, got, want);
  }
  std::printf("%-26s %5d x %5d x %5d: %s\n", config, m, n, k, bad ? "FAILED" : "ok");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(a));
  TIRX_CHECK_CUDA(cudaFree(b));
  TIRX_CHECK_CUDA(cudaFree(d));
  TIRX_CHECK_CUDA(cudaFree(r));
}

} // namespace

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
  // --quick (for compute-sanitizer): the sizes below 2^27 multiply-adds
  const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
  const unsigned seed = argc > 1 && !quick ? static_cast<unsigned>(std::atoi(argv[1])) : 20261201u;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  // sizes: every edge case of the 128 x 256 x 64 tiles, sampled
  std::vector<std::tuple<int, int, int>> sizes = {
      {1, 8, 8},       {7, 16, 24},     {128, 256, 64},     {129, 264, 72},
      {255, 248, 136}, {257, 512, 520}, {383, 8, 8},        {517, 136, 520},
      {509, 504, 128}, {520, 520, 512}, {1021, 1032, 1016}, {4095, 4104, 4096}};
  std::uniform_int_distribution<int> any(1, 520), eighths(1, 65);
  for (int i = 0; i < 6; ++i)
    sizes.emplace_back(any(rng), 8 * eighths(rng), 8 * eighths(rng));
  if (quick)
    std::erase_if(sizes, [](const auto& s) {
      return static_cast<long long>(std::get<0>(s)) * std::get<1>(s) * std::get<2>(s) > (1ll << 27);
    });
  for (auto [m, n, k] : sizes)
    run<3, false, 1, true>("3 stages, TMA store", m, n, k, rng);
  for (auto [m, n, k] :
       {std::tuple{129, 264, 72}, std::tuple{517, 136, 520}, std::tuple{1021, 1032, 1016}}) {
    run<4, false, 1, false>("4 stages, direct store", m, n, k, rng);
    run<3, true, 1, true>("3 stages, wgmma overlap", m, n, k, rng);
    run<4, false, 2, false>("4 stages, cluster of 2", m, n, k, rng);
    run<3, false, 2, true>("3 stages, cluster, TMA", m, n, k, rng);
    run<4, false, 1, true>("4 stages, D ring", m, n, k, rng);
    run<4, false, 2, true>("4 stages, cluster, D ring", m, n, k, rng);
    run<4, true, 2, true>("4 stages, cluster, D ring, overlap", m, n, k, rng);
    run<3, false, 1, true, 224>("128 x 224, 3 stages", m, n, k, rng);
    run<4, true, 2, true, 224>("128 x 224, cluster, overlap", m, n, k, rng);
  }
  if (!quick) {
    run<4, true, 2, true, 224>("128 x 224, cluster, overlap", 1024, 14336, 1024, rng);
    run<4, false, 1, true>("4 stages, D ring", 4095, 4104, 4096, rng);
    run<4, false, 2, true>("4 stages, cluster, D ring", 4095, 4104, 4096, rng);
    run<4, true, 2, true>("4 stages, cluster, D ring, overlap", 4095, 4104, 4096, rng);
  }
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
