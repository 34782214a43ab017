// What the tuning sweeps (tune_*.cu) share: error checks, seeded random
// inputs (never zeros: timing on zeros flatters some arithmetic), and
// event timing (median of 20 runs after 3 warm-ups) with results sorted
// best first.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define TUNE_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));             \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

namespace tune {

/// x[i] uniform in [lo, hi) from a hash of (seed, i).
__global__ void fill_uniform(float* x, long long n, unsigned seed, float lo, float hi) {
  for (long long i = blockIdx.x * 256LL + threadIdx.x; i < n; i += 256LL * gridDim.x) {
    unsigned long long h = (static_cast<unsigned long long>(i) + 1) * 0x9E3779B97F4A7C15ull ^ seed;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    x[i] = lo + (hi - lo) * static_cast<float>(h >> 40) * (1.0f / 16777216.0f);
  }
}

inline void fill(float* x, long long n, unsigned seed, float lo = -4.0f, float hi = 4.0f) {
  fill_uniform<<<4096, 256>>>(x, n, seed, lo, hi);
  TUNE_CHECK(cudaGetLastError());
  TUNE_CHECK(cudaDeviceSynchronize());
}

/// When set (a profiler run), time_gbps launches once and returns 0.
inline bool launch_once = false;

/// GB/s of `bytes` per call of launch: median of 20 event-timed calls.
template <class F> double time_gbps(F&& launch, double bytes) {
  if (launch_once) {
    launch();
    TUNE_CHECK(cudaDeviceSynchronize());
    return 0.0;
  }
  cudaEvent_t a, b;
  TUNE_CHECK(cudaEventCreate(&a));
  TUNE_CHECK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i)
    launch();
  std::vector<float> ms;
  for (int i = 0; i < 20; ++i) {
    TUNE_CHECK(cudaEventRecord(a));
    launch();
    TUNE_CHECK(cudaEventRecord(b));
    TUNE_CHECK(cudaEventSynchronize(b));
    float t = 0;
    TUNE_CHECK(cudaEventElapsedTime(&t, a, b));
    ms.push_back(t);
  }
  TUNE_CHECK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  TUNE_CHECK(cudaEventDestroy(a));
  TUNE_CHECK(cudaEventDestroy(b));
  return bytes / (ms[ms.size() / 2] * 1e-3) / 1e9;
}

struct Result {
  std::string name;
  double gbps;
};

/// Reads [MiB] [--once] from the command line (default 1024 MiB).
inline long long parse_args(int argc, char** argv) {
  long long mib = 1024;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--once")
      launch_once = true;
    else
      mib = std::atoll(argv[i]);
  }
  return mib;
}

/// Compares every 97th element (and the last) of the device result y with
/// want(i), within rel (relative) plus 1e-6; prints the first mismatch.
template <class Out, class Want> bool sample_ok(const Out* y, long long n, Want want, double rel) {
  std::vector<Out> host(static_cast<size_t>(n));
  TUNE_CHECK(cudaMemcpy(host.data(), y, n * sizeof(Out), cudaMemcpyDeviceToHost));
  for (long long i = 0; i < n; i = i + 97 < n || i == n - 1 ? i + 97 : n - 1) {
    const double w = want(i), got = static_cast<double>(host[static_cast<size_t>(i)]);
    if (!(std::fabs(got - w) <= rel * std::fabs(w) + 1e-6)) {
      std::printf("MISMATCH at %lld: got %.9g, want %.9g\n", i, got, w);
      return false;
    }
  }
  return true;
}

/// One variant, checked then timed: poisons out (out_bytes of 0xFF), runs
/// launch once, asks right() whether the output is right, then times
/// launch. Appends the variant to results (its name marked WRONG when
/// right() said no) and returns right()'s answer.
template <class Launch, class Right>
bool checked_time(std::vector<Result>& results, const std::string& name, void* out,
                  size_t out_bytes, Launch&& launch, Right&& right, double bytes) {
  TUNE_CHECK(cudaMemset(out, 0xff, out_bytes));
  launch();
  TUNE_CHECK(cudaDeviceSynchronize());
  const bool ok = right();
  results.push_back({ok ? name : name + " WRONG", time_gbps(launch, bytes)});
  return ok;
}

/// Prints results best first under a title.
inline void report(const char* title, std::vector<Result> results) {
  std::stable_sort(results.begin(), results.end(),
                   [](const Result& a, const Result& b) { return a.gbps > b.gbps; });
  std::printf("%s\n", title);
  for (const Result& r : results)
    std::printf("%8.1f GB/s  %s\n", r.gbps, r.name.c_str());
  std::fflush(stdout);
}

inline int sm_count() {
  int dev = 0, sms = 0;
  TUNE_CHECK(cudaGetDevice(&dev));
  TUNE_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  return sms;
}

} // namespace tune
