// The mma.sync throughput ceiling of this GPU: every SM runs warps that
// issue nothing but mma.sync.aligned.m16n8k16.row.col.f32.{bf16,f16}.*.f32
// on registers (no memory traffic in the loop), each warp `Chains`
// independent accumulators deep so that no mma waits for the one before.
// The same instruction, through the same tile::apply, as the sm_80 GEMM
// (kernels/gemm/gemm_sm80_kernel.cuh). Shared by bench_mma_ceiling.cu (the whole
// sweep, printed) and bench_gemm_sm80.cu (the best point, as the ceiling).
#pragma once

#include "../kernels/gemm/gemm_sm80_kernel.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace tirx_bench::mma {

using namespace tirx;

#define MMA_CHECK(x)                                                                               \
  do {                                                                                             \
    if (auto e_ = (x); e_ != cudaSuccess) {                                                        \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #x,                       \
                   cudaGetErrorString(e_));                                                        \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

// [snippet:ceiling-kernel]
/// Each warp: Chains accumulators, `iters` rounds of one mma.sync into
/// each. The operands are made from threadIdx so nothing folds; the sums
/// are stored only where they can never be -1 (so the results stay live).
template <class T, int Chains>
__global__ void ceiling_kernel(int iters, float* sink, long long* cycles) {
  using Mma = typename tirx_kernels::gemm80::mma_of<T>::type;
  auto a = alloc_local<T, shape(16, 16), mma_a_fragment_layout(2, 16)>();
  auto b = alloc_local<T, shape(8, 16), mma_b_fragment_layout(2, 16)>();
  for (int i = 0; i < 8; ++i)
    a.data()[i] = static_cast<T>(static_cast<float>((threadIdx.x + i) % 5) * 0.25f);
  for (int i = 0; i < 4; ++i)
    b.data()[i] = static_cast<T>(static_cast<float>((threadIdx.x + 3 * i) % 3) * 0.125f);
  decltype(alloc_local<float, shape(16, 8), mma_c_fragment_layout()>()) acc[Chains];
  for (int c = 0; c < Chains; ++c)
    for (int x = 0; x < 4; ++x)
      acc[c].data()[x] = 0.0f;
  const long long t0 = clock64();
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int c = 0; c < Chains; ++c)
      tile::apply<Mma>(acc[c], a, b, acc[c], scope::warp);
  const long long t1 = clock64();
  float s = 0.0f;
  for (int c = 0; c < Chains; ++c)
    for (int x = 0; x < 4; ++x)
      s += acc[c].data()[x];
  if (s == -1.0f)
    sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0)
    cycles[blockIdx.x] = t1 - t0;
}
// [/snippet]

struct Point {
  int warps, blocks_per_sm, chains;
  double tflops, ghz, mma_per_sm_clk;
};

/// One point: SMs x blocks_per_sm CTAs of `warps` warps; the median of 5
/// timed launches of about 20 ms each (after 3 warm-up launches).
template <class T, int Chains> Point measure(int warps, int blocks_per_sm) {
  int dev = 0, sms = 0;
  MMA_CHECK(cudaGetDevice(&dev));
  MMA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  const int grid = sms * blocks_per_sm, threads = 32 * warps;
  float* sink = nullptr;
  long long* cycles = nullptr;
  MMA_CHECK(cudaMalloc(&sink, sizeof(float) * grid * threads));
  MMA_CHECK(cudaMalloc(&cycles, sizeof(long long) * grid));
  cudaEvent_t e0, e1;
  MMA_CHECK(cudaEventCreate(&e0));
  MMA_CHECK(cudaEventCreate(&e1));
  auto run = [&](int iters) {
    MMA_CHECK(cudaEventRecord(e0));
    ceiling_kernel<T, Chains><<<grid, threads>>>(iters, sink, cycles);
    MMA_CHECK(cudaEventRecord(e1));
    MMA_CHECK(cudaEventSynchronize(e1));
    float ms = 0;
    MMA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    return ms;
  };
  // size the launch to about 20 ms from a short one (after a first launch,
  // which also loads the kernel)
  run(64);
  const float probe = run(1024);
  int iters = static_cast<int>(1024 * (20.0f / std::max(probe, 0.01f)));
  iters = std::clamp(iters, 1024, 1 << 24);
  for (int i = 0; i < 3; ++i)
    run(iters);
  std::vector<float> ms;
  std::vector<long long> cyc(grid);
  double clk = 0;
  for (int i = 0; i < 5; ++i) {
    ms.push_back(run(iters));
    MMA_CHECK(cudaMemcpy(cyc.data(), cycles, sizeof(long long) * grid, cudaMemcpyDeviceToHost));
    double mean = 0;
    for (long long c : cyc)
      mean += static_cast<double>(c) / grid;
    clk += mean / 5;
  }
  std::sort(ms.begin(), ms.end());
  const double t = ms[2] * 1e-3;
  const double mmas = static_cast<double>(grid) * warps * iters * Chains;
  MMA_CHECK(cudaFree(sink));
  MMA_CHECK(cudaFree(cycles));
  MMA_CHECK(cudaEventDestroy(e0));
  MMA_CHECK(cudaEventDestroy(e1));
  // each m16n8k16 is 16 * 8 * 16 multiply-adds; the clock: cycles of the
  // loop per block over the launch's time (a slight underestimate)
  return Point{warps,         blocks_per_sm,   Chains, mmas * 4096.0 / t / 1e12,
               clk / t / 1e9, mmas / sms / clk};
}

/// The sweep: 4, 8, 16 warps per CTA, 1 or 2 CTAs per SM, 4, 8, 16 chains
/// per warp; prints each point when `print`; returns the fastest.
template <class T> Point sweep(const char* type, bool print) {
  Point best{};
  for (int warps : {4, 8, 16})
    for (int blocks : {1, 2}) {
      for (Point p : {measure<T, 4>(warps, blocks), measure<T, 8>(warps, blocks),
                      measure<T, 16>(warps, blocks)}) {
        if (print)
          std::printf("%s,%d,%d,%d,%.1f,%.3f,%.3f\n", type, p.warps, p.blocks_per_sm, p.chains,
                      p.tflops, p.ghz, p.mma_per_sm_clk);
        if (p.tflops > best.tflops)
          best = p;
      }
    }
  return best;
}

} // namespace tirx_bench::mma
