// The mma.sync m16n8k16 throughput ceiling (bf16 and f16 in, f32
// accumulate) of this GPU, the yardstick of the sm_80 GEMM: all SMs, 4 to 16
// warps per CTA, 1 or 2 CTAs per SM, 4 to 16 independent accumulator chains
// per warp, registers only (benchmarks/mma_ceiling.cuh). Prints one CSV
// line per point (type, warps, CTAs per SM, chains, TFLOP/s, SM clock in
// GHz read from clock64 over the launch, mma per SM per clock), then the
// best point per type: the ceiling.
//   tirx_bench_mma_ceiling
#include "mma_ceiling.cuh"

#include <cstdio>

int main() {
  int dev = 0, sms = 0, khz = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&prop, dev) != cudaSuccess ||
      prop.major < 8) {
    std::printf("bench_mma_ceiling: no GPU of sm_80 or newer: skipped\n");
    return 77;
  }
  MMA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  MMA_CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
  std::printf("# %s, sm_%d%d, %d SMs, peak SM clock %.3f GHz\n", prop.name, prop.major, prop.minor,
              sms, khz / 1e6);
  std::printf("type,warps,ctas_per_sm,chains,tflops,sm_ghz,mma_per_sm_clk\n");
  const auto bf = tirx_bench::mma::sweep<nv_bfloat16>("bf16", true);
  const auto hf = tirx_bench::mma::sweep<half>("f16", true);
  for (auto [name, p] : {std::pair{"bf16", bf}, std::pair{"f16", hf}})
    std::printf("# ceiling %s: %.1f TFLOP/s (%d warps x %d CTAs per SM, %d chains), %.3f GHz, "
                "%.3f mma.m16n8k16 per SM per clock\n",
                name, p.tflops, p.warps, p.blocks_per_sm, p.chains, p.ghz, p.mma_per_sm_clk);
  return 0;
}
