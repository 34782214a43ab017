// Event timing shared by the GEMM benchmarks (bench_gemm.cu, bench_gemm_sm80.cu):
// n calls of f, each between two CUDA events on the default stream, in
// milliseconds, and the median of such times.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace tirx_bench {

inline void event_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

/// The times of n calls of f, each between two events (ms).
template <class F> std::vector<float> event_times(F&& f, int n = 20) {
  cudaEvent_t e0, e1;
  event_check(cudaEventCreate(&e0), "cudaEventCreate");
  event_check(cudaEventCreate(&e1), "cudaEventCreate");
  std::vector<float> t;
  for (int i = 0; i < n; ++i) {
    event_check(cudaEventRecord(e0), "cudaEventRecord");
    f();
    event_check(cudaEventRecord(e1), "cudaEventRecord");
    event_check(cudaEventSynchronize(e1), "cudaEventSynchronize");
    float ms = 0;
    event_check(cudaEventElapsedTime(&ms, e0, e1), "cudaEventElapsedTime");
    t.push_back(ms);
  }
  event_check(cudaEventDestroy(e0), "cudaEventDestroy");
  event_check(cudaEventDestroy(e1), "cudaEventDestroy");
  return t;
}

/// The median of a set of times.
inline float median_ms(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace tirx_bench
