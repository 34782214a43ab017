// What the GEMM benchmarks share before any GEMM (bench_gemm.cu and its
// sustained mode, bench_gemm_sm80.cu): the error check of a CUDA or cuBLAS
// call and the seeded fill of an input.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>

/// Exits with the file, line and code when x (a CUDA or cuBLAS status) is not 0.
#define BENCH_GEMM_CHECK(x)                                                                        \
  do {                                                                                             \
    if (auto e_ = (x); e_ != 0) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #x, (int)e_);            \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

namespace bench_gemm {

/// p[i] uniform in [-1, 1), a hash of i and the seed.
template <class T> __global__ void fill(T* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    unsigned x = static_cast<unsigned>(i) * 2654435761u ^ seed;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    p[i] = static_cast<T>(static_cast<float>(x & 0xffffff) / 8388608.0f - 1.0f);
  }
}

} // namespace bench_gemm
