// The GEMM benchmark's sustained mode (bench_gemm --sustained [SECONDS]):
// tirx_kernels::gemm (the heuristic's configuration, what a caller gets)
// beside cuBLAS at the GPU's power limit. The short rounds of bench_gemm.cu
// start each launch on a cool, idle GPU; under minutes of tensor-core load
// an H200 holds its 700 W by lowering the SM clock, and a kernel that draws
// more power per FLOP runs at a lower clock. Here each problem is checked
// against cuBLAS, then run in phases of SECONDS (default 2) of back-to-back
// launches, tirx and cuBLAS in turn: one unreported phase each (the GPU
// warming up to its limit), then three each; NVML's SM clock
// and power are read after each batch of 20 launches (the GPU busy with the
// next batch). One CSV line per phase (sustained,M,N,K,impl,phase,tflops,
// sm_mhz,watts: the phase's FLOPs over its batches' event times, the
// medians of its samples), then one per problem (sustained-ratio: tirx's
// phases over cuBLAS's, the lowest, median and highest of the pairs in
// turn). Built without NVML (no CUDA::nvml where CMake configured it), the
// clock and the power read 0.
#include "bench_gemm_common.hpp"

#ifdef TIRX_BENCH_NVML
#include <nvml.h>
#endif

#include <algorithm>
#include <array>
#include <chrono>
#include <vector>

namespace bench_gemm {
namespace {

#ifdef TIRX_BENCH_NVML
#define NVML_CHECK(x)                                                                              \
  do {                                                                                             \
    if (nvmlReturn_t r_ = (x); r_ != NVML_SUCCESS) {                                               \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #x, nvmlErrorString(r_)); \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

/// NVML's view of the current CUDA device (matched by PCI bus id): its SM
/// clock (MHz) and power (W) now.
struct Sensor {
  nvmlDevice_t dev{};
  Sensor() {
    NVML_CHECK(nvmlInit_v2());
    int device = 0;
    BENCH_GEMM_CHECK(cudaGetDevice(&device));
    char bus[32] = {};
    BENCH_GEMM_CHECK(cudaDeviceGetPCIBusId(bus, sizeof(bus), device));
    NVML_CHECK(nvmlDeviceGetHandleByPciBusId_v2(bus, &dev));
  }
  ~Sensor() { nvmlShutdown(); }
  Sensor(const Sensor&) = delete;
  Sensor& operator=(const Sensor&) = delete;
  void read(double& mhz, double& watts) const {
    unsigned clock = 0, milliwatts = 0;
    NVML_CHECK(nvmlDeviceGetClockInfo(dev, NVML_CLOCK_SM, &clock));
    NVML_CHECK(nvmlDeviceGetPowerUsage(dev, &milliwatts));
    mhz = clock, watts = milliwatts / 1000.0;
  }
};
#else
struct Sensor {
  void read(double& mhz, double& watts) const { mhz = 0, watts = 0; }
};
#endif

struct Phase {
  double tflops, mhz, watts;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

/// SECONDS of batches of 20 launches of f, one batch queued ahead of the
/// one waited for, so the GPU never idles between batches.
template <class F> Phase phase(const Sensor& sensor, double flop, double seconds, const F& f) {
  constexpr int batch = 20;
  std::array<cudaEvent_t, 4> ev{};
  for (cudaEvent_t& e : ev)
    BENCH_GEMM_CHECK(cudaEventCreate(&e));
  auto queue = [&](int slot) {
    BENCH_GEMM_CHECK(cudaEventRecord(ev[2 * slot]));
    for (int i = 0; i < batch; ++i)
      f();
    BENCH_GEMM_CHECK(cudaEventRecord(ev[2 * slot + 1]));
  };
  std::vector<double> mhz, watts;
  double ms_total = 0;
  long long launches = 0;
  const auto start = std::chrono::steady_clock::now();
  queue(0);
  for (int slot = 0;; slot ^= 1) {
    const bool more =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds;
    if (more)
      queue(slot ^ 1);
    double clock = 0, power = 0;
    sensor.read(clock, power);
    mhz.push_back(clock), watts.push_back(power);
    BENCH_GEMM_CHECK(cudaEventSynchronize(ev[2 * slot + 1]));
    float ms = 0;
    BENCH_GEMM_CHECK(cudaEventElapsedTime(&ms, ev[2 * slot], ev[2 * slot + 1]));
    ms_total += ms, launches += batch;
    if (!more)
      break;
  }
  BENCH_GEMM_CHECK(cudaDeviceSynchronize());
  for (cudaEvent_t e : ev)
    BENCH_GEMM_CHECK(cudaEventDestroy(e));
  return {flop * double(launches) / (ms_total * 1e-3) / 1e12, median(mhz), median(watts)};
}

} // namespace

int sustained(cublasHandle_t h, double seconds) {
  using bf16 = __nv_bfloat16;
  const Sensor sensor;
  std::printf("sustained,M,N,K,impl,phase,tflops,sm_mhz,watts\n");
  int bad = 0;
  const std::array<std::array<int, 3>, 5> shapes = {{{4096, 4096, 4096},
                                                     {8192, 8192, 8192},
                                                     {1024, 14336, 4096},
                                                     {4096, 14336, 4096},
                                                     {4095, 4104, 4096}}};
  for (auto [m, n, k] : shapes) {
    bf16 *a, *b, *d, *ref;
    BENCH_GEMM_CHECK(cudaMalloc(&a, size_t(m) * k * sizeof(bf16)));
    BENCH_GEMM_CHECK(cudaMalloc(&b, size_t(n) * k * sizeof(bf16)));
    BENCH_GEMM_CHECK(cudaMalloc(&d, size_t(m) * n * sizeof(bf16)));
    BENCH_GEMM_CHECK(cudaMalloc(&ref, size_t(m) * n * sizeof(bf16)));
    fill<<<1024, 256>>>(a, size_t(m) * k, 1u);
    fill<<<1024, 256>>>(b, size_t(n) * k, 2u);
    tirx_kernels::GemmArgs<bf16> g{};
    g.m = m, g.n = n, g.k = k, g.a = a, g.lda = k, g.b = b, g.ldb = k, g.d = d;
    // the heuristic's workspace, given (no allocation in the phases)
    float* ws = nullptr;
    if (const long long bytes = tirx_workspace_bytes(g); bytes > 0) {
      BENCH_GEMM_CHECK(cudaMalloc(&ws, size_t(bytes)));
      g.workspace = ws, g.workspace_bytes = bytes;
    }
    auto run_tirx = [&] { BENCH_GEMM_CHECK(tirx_general(Layout::tn, g)); };
    auto run_cublas = [&] { cublas_gemm(h, Layout::tn, a, k, b, k, ref, m, n, k, 1.0f); };
    BENCH_GEMM_CHECK(cudaMemset(d, 0xff, size_t(m) * n * sizeof(bf16)));
    run_tirx();
    run_cublas();
    BENCH_GEMM_CHECK(cudaDeviceSynchronize());
    std::vector<bf16> hd(size_t(m) * n), hr(size_t(m) * n);
    BENCH_GEMM_CHECK(cudaMemcpy(hd.data(), d, hd.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
    BENCH_GEMM_CHECK(cudaMemcpy(hr.data(), ref, hr.size() * sizeof(bf16), cudaMemcpyDeviceToHost));
    if (const long long wrong = mismatches(hd, hr, k)) {
      std::printf("sustained,%d,%d,%d,MISMATCH (%lld elements differ from cuBLAS),,,,\n", m, n, k,
                  wrong);
      ++bad;
    } else {
      const double flop = 2.0 * m * n * double(k);
      std::vector<double> ratios;
      // an unmeasured pair of phases first: the GPU reaches its power limit
      // (and the clock it holds there) before the first reported phase
      phase(sensor, flop, seconds, run_tirx);
      phase(sensor, flop, seconds, run_cublas);
      for (int i = 0; i < 3; ++i) {
        const Phase t = phase(sensor, flop, seconds, run_tirx);
        const Phase c = phase(sensor, flop, seconds, run_cublas);
        for (auto [impl, p] : {std::pair{"tirx", t}, std::pair{"cublas", c}})
          std::printf("sustained,%d,%d,%d,%s,%d,%.1f,%.0f,%.0f\n", m, n, k, impl, i, p.tflops,
                      p.mhz, p.watts);
        ratios.push_back(t.tflops / c.tflops);
        std::fflush(stdout);
      }
      std::sort(ratios.begin(), ratios.end());
      std::printf("sustained-ratio,%d,%d,%d,%.3f,%.3f,%.3f (tirx / cuBLAS: lowest, median, "
                  "highest of the phases in turn)\n",
                  m, n, k, ratios.front(), ratios[1], ratios.back());
    }
    for (void* p : {static_cast<void*>(a), static_cast<void*>(b), static_cast<void*>(d),
                    static_cast<void*>(ref), static_cast<void*>(ws)})
      BENCH_GEMM_CHECK(cudaFree(p));
  }
  return bad;
}

} // namespace bench_gemm
