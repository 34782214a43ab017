// Host helpers of the CUDA example programs (examples/*.cu) and of the guides'
// GPU programs (docs/examples/*.cu): CUDA error checks, seeded random inputs,
// device buffers, and checks that report what differs.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

// Exits (status 1) with file, line and CUDA error when `call` fails.
#define EXAMPLE_CHECK_CUDA(call)                                                                   \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));  \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

namespace example {

/// Fresh random floats in [lo, hi) from a seed printed for reproduction.
inline std::vector<float> random_floats(std::size_t n, unsigned seed, float lo = -4.f,
                                        float hi = 4.f) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v)
    x = dist(gen);
  return v;
}

inline unsigned seed_from_args(int argc, char** argv) {
  if (argc > 1)
    return static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10));
  return std::random_device{}();
}

/// A device array of `count` elements, freed with the buffer, and its host transfers.
template <class T> struct Buffer {
  T* dev = nullptr;
  std::size_t n = 0;
  explicit Buffer(std::size_t count) : n(count) {
    EXAMPLE_CHECK_CUDA(cudaMalloc(&dev, n * sizeof(T)));
  }
  ~Buffer() { cudaFree(dev); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  /// Copies the first n elements of h (h must hold at least n) to the device.
  void upload(const std::vector<T>& h) {
    EXAMPLE_CHECK_CUDA(cudaMemcpy(dev, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  }
  /// Sets every byte to `byte`.
  void fill_bytes(int byte) { EXAMPLE_CHECK_CUDA(cudaMemset(dev, byte, n * sizeof(T))); }
  /// Fills every byte with 0xFF (a NaN for floats), so unwritten outputs show.
  void poison() { fill_bytes(0xFF); }
  /// Waits for the device (a failed kernel is reported here), then copies back.
  std::vector<T> download() const {
    EXAMPLE_CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<T> h(n);
    EXAMPLE_CHECK_CUDA(cudaMemcpy(h.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
};

/// Reports a failed launch or kernel (exit 1). `what` names the kernel for the reader.
inline void sync_and_check(const char* what) {
  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  EXAMPLE_CHECK_CUDA(cudaDeviceSynchronize());
  (void)what;
}

/// Bit-exact comparison; prints the first mismatch. Returns the exit code.
template <class T>
int expect_equal(const char* name, const std::vector<T>& got, const std::vector<T>& want,
                 unsigned seed) {
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      std::printf("%s: MISMATCH at %zu: got %g, want %g (seed %u)\n", name, i, double(got[i]),
                  double(want[i]), seed);
      return 1;
    }
  }
  std::printf("%s: OK (%zu values, seed %u)\n", name, want.size(), seed);
  return 0;
}

/// The number of failed expect() checks of this program.
inline int& mismatches() {
  static int count = 0;
  return count;
}

/// One named check of a program that runs several: prints "what: OK" or
/// "what: MISMATCH" and counts the mismatches for exit_code().
inline void expect(bool ok, const char* what) {
  std::printf("%s: %s\n", what, ok ? "OK" : "MISMATCH");
  if (!ok)
    ++mismatches();
}

/// main's result after expect() checks: 0 when all passed, else 1.
inline int exit_code() { return mismatches() == 0 ? 0 : 1; }

} // namespace example
