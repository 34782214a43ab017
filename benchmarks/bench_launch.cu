// tirx_bench_launch: what two launch attributes of tirx::launch buy, measured
// (docs/launch.md).
//
//   pdl        a chain of dependent kernels, each a prologue (a busy wait of
//              --prologue-ns, standing for barrier setup and weight loads),
//              griddep_wait, then a body that reads what the previous kernel
//              wrote: the time per kernel with programmatic stream
//              serialization and without, for chains of one wave
//   l2_window  a kernel that reads a table, then its own 64 MiB of a stream,
//              8 times over, with and without a persisting access-policy
//              window over the table, for tables of 4 to 32 MiB (the
//              set-aside is the table, at most the device's largest; the hit
//              ratio the set-aside's share of the table)
//
// Each figure is the median of --reps timed runs (CUDA events), in
// microseconds. Output: one Markdown table per part.
#include <tirx/tile.hpp>

#include "event_timing.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace tirx;
using tirx_bench::event_check;
using tirx_bench::event_times;
using tirx_bench::median_ms;

namespace {

__global__ void chain_link(const float* in, float* out, int n, unsigned long long prologue_ns) {
  griddep_launch_dependents(); // the next link may start its prologue now
  const unsigned long long start = global_ns();
  while (global_ns() - start < prologue_ns) { // the prologue: reads nothing `in` holds
  }
  griddep_wait(); // the previous link has ended; its writes are visible
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    out[i] = in[i] * 0.5f + 1.0f;
}

void bench_pdl(const cudaDeviceProp& prop, int reps, unsigned long long prologue_ns) {
  const int n = 1 << 20;
  float *a = nullptr, *b = nullptr;
  event_check(cudaMalloc(&a, n * sizeof(float)), "cudaMalloc");
  event_check(cudaMalloc(&b, n * sizeof(float)), "cudaMalloc");
  event_check(cudaMemset(a, 0, n * sizeof(float)), "cudaMemset");
  std::printf("\n| kernels | CTAs | prologue (us) | per kernel, PDL (us) | per kernel, plain (us) "
              "|\n|---|---|---|---|---|\n");
  for (int links : {10, 100}) {
    float per[2] = {0, 0};
    for (int pdl = 0; pdl < 2; ++pdl) {
      LaunchConfig cfg;
      cfg.grid = static_cast<unsigned>(prop.multiProcessorCount); // one wave
      cfg.block = 256;
      auto run = [&] {
        for (int k = 0; k < links; ++k) {
          cfg.programmatic_stream_serialization = pdl == 1 && k > 0;
          event_check(launch(cfg, chain_link, static_cast<const float*>(k % 2 ? b : a),
                             k % 2 ? a : b, n, prologue_ns),
                      "launch");
        }
      };
      run(); // warm-up
      per[pdl] = 1000.0f * median_ms(event_times(run, reps)) / static_cast<float>(links);
    }
    std::printf("| %d | %d | %.1f | %.2f | %.2f |\n", links, prop.multiProcessorCount,
                static_cast<double>(prologue_ns) / 1000.0, static_cast<double>(per[1]),
                static_cast<double>(per[0]));
  }
  event_check(cudaFree(a), "cudaFree");
  event_check(cudaFree(b), "cudaFree");
}

__global__ void table_and_stream(const unsigned* table, size_t table_n, const unsigned* stream,
                                 size_t chunk_n, int rounds, unsigned* out) {
  const size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  unsigned acc = 0;
  for (int r = 0; r < rounds; ++r) {
    for (size_t i = tid; i < table_n; i += stride)
      acc += table[i];
    for (size_t i = tid; i < chunk_n; i += stride)
      acc += stream[static_cast<size_t>(r) * chunk_n + i];
  }
  out[tid] = acc;
}

void bench_l2_window(const cudaDeviceProp& prop, int reps) {
  int max_window = 0, max_persisting = 0;
  event_check(cudaDeviceGetAttribute(&max_window, cudaDevAttrMaxAccessPolicyWindowSize, 0),
              "cudaDeviceGetAttribute");
  event_check(cudaDeviceGetAttribute(&max_persisting, cudaDevAttrMaxPersistingL2CacheSize, 0),
              "cudaDeviceGetAttribute");
  if (max_window <= 0 || max_persisting <= 0) {
    std::printf("\nl2_window: the device has no access-policy windows\n");
    return;
  }
  const size_t chunk_n = size_t{16} << 20; // 64 MiB of 4-byte words per round
  const int rounds = 8;
  const unsigned grid = static_cast<unsigned>(prop.multiProcessorCount) * 4, block = 256;
  unsigned *table = nullptr, *stream = nullptr, *out = nullptr;
  const size_t largest_table = size_t{32} << 20;
  event_check(cudaMalloc(&table, largest_table), "cudaMalloc");
  event_check(cudaMalloc(&stream, chunk_n * rounds * sizeof(unsigned)), "cudaMalloc");
  event_check(cudaMalloc(&out, size_t{grid} * block * sizeof(unsigned)), "cudaMalloc");
  event_check(cudaMemset(table, 1, largest_table), "cudaMemset");
  event_check(cudaMemset(stream, 2, chunk_n * rounds * sizeof(unsigned)), "cudaMemset");
  std::printf("\nL2: %d KiB; persisting set-aside at most %d KiB; windows up to %d KiB\n\n",
              prop.l2CacheSize / 1024, max_persisting / 1024, max_window / 1024);
  std::printf("| table (MiB) | set-aside (MiB) | hit ratio | plain (us) | persisting window (us) "
              "| plain / window |\n|---|---|---|---|---|---|\n");
  for (size_t mib : {4, 8, 16, 24, 32}) {
    const size_t bytes = mib << 20;
    const size_t set_aside = std::min(bytes, static_cast<size_t>(max_persisting));
    const float ratio = static_cast<float>(set_aside) / static_cast<float>(bytes);
    event_check(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, set_aside),
                "cudaDeviceSetLimit");
    float us[2] = {0, 0};
    for (int windowed = 0; windowed < 2; ++windowed) {
      LaunchConfig cfg;
      cfg.grid = grid;
      cfg.block = block;
      if (windowed)
        cfg.access_policy_window =
            AccessPolicyWindow{table, std::min(bytes, static_cast<size_t>(max_window)),
                               L2Policy::at_run_time(ratio, L2Access::persisting)};
      auto run = [&] {
        event_check(cudaCtxResetPersistingL2Cache(), "cudaCtxResetPersistingL2Cache");
        event_check(launch(cfg, table_and_stream, static_cast<const unsigned*>(table),
                           bytes / sizeof(unsigned), static_cast<const unsigned*>(stream), chunk_n,
                           rounds, out),
                    "launch");
      };
      run();
      us[windowed] = 1000.0f * median_ms(event_times(run, reps));
    }
    std::printf("| %zu | %.1f | %.2f | %.1f | %.1f | %.2f |\n", mib,
                static_cast<double>(set_aside) / (1 << 20), static_cast<double>(ratio),
                static_cast<double>(us[0]), static_cast<double>(us[1]),
                static_cast<double>(us[0] / us[1]));
  }
  event_check(cudaCtxResetPersistingL2Cache(), "cudaCtxResetPersistingL2Cache");
  event_check(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0), "cudaDeviceSetLimit");
  event_check(cudaFree(table), "cudaFree");
  event_check(cudaFree(stream), "cudaFree");
  event_check(cudaFree(out), "cudaFree");
}

} // namespace

int main(int argc, char** argv) {
  int reps = 20;
  unsigned long long prologue_ns = 5000;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
      reps = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--prologue-ns") == 0 && i + 1 < argc)
      prologue_ns = std::strtoull(argv[++i], nullptr, 10);
    else {
      std::fprintf(stderr, "usage: tirx_bench_launch [--reps N] [--prologue-ns NS]\n");
      return 2;
    }
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("tirx_bench_launch: no GPU\n");
    return 77;
  }
  cudaDeviceProp prop{};
  event_check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  std::printf("# tirx_bench_launch on %s (sm_%d%d, %d SMs), median of %d runs\n", prop.name,
              prop.major, prop.minor, prop.multiProcessorCount, reps);
  bench_pdl(prop, reps, prologue_ns);
  bench_l2_window(prop, reps);
  return 0;
}
