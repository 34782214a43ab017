// A device allocation for the GPU test programs, freed at scope exit; every
// CUDA call is checked (TIRX_CHECK_CUDA: exit 1 with the error).
//
//   tirx_test::DeviceBuffer<float> x(n);   // n floats
//   x.upload(values);                      // a std::vector of exactly n elements
//   x.poison();                            // 0xFF in every byte: NaN for floats
//   kernel<<<1, 64>>>(x.ptr);
//   std::vector<float> back = x.download();
#pragma once

#include "gpu_check.hpp"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace tirx_test {

template <class T> struct DeviceBuffer {
  T* ptr = nullptr;
  std::size_t n = 0; ///< elements

  DeviceBuffer() = default; ///< no allocation yet (resize() makes one)
  explicit DeviceBuffer(std::size_t count) { allocate(count); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { cudaFree(ptr); }

  /// A new allocation of count elements: the old one is freed first, so the
  /// contents are lost.
  void resize(std::size_t count) {
    TIRX_CHECK_CUDA(cudaFree(ptr));
    ptr = nullptr;
    allocate(count);
  }
  std::size_t bytes() const { return n * sizeof(T); }
  void upload(const std::vector<T>& v) {
    if (v.size() != n) {
      std::fprintf(stderr, "internal error: upload of %zu elements into %zu\n", v.size(), n);
      std::exit(1);
    }
    TIRX_CHECK_CUDA(cudaMemcpy(ptr, v.data(), bytes(), cudaMemcpyHostToDevice));
  }
  /// Every byte set to `byte`.
  void fill_bytes(int byte) { TIRX_CHECK_CUDA(cudaMemset(ptr, byte, bytes())); }
  /// 0xFF in every byte: NaN for float, 0xFFFF... for integers.
  void poison() { fill_bytes(0xFF); }
  std::vector<T> download() const {
    std::vector<T> v(n);
    TIRX_CHECK_CUDA(cudaMemcpy(v.data(), ptr, bytes(), cudaMemcpyDeviceToHost));
    return v;
  }

private:
  void allocate(std::size_t count) {
    n = count;
    // (an empty buffer still gets a pointer of its own)
    TIRX_CHECK_CUDA(cudaMalloc(&ptr, (n ? n : 1) * sizeof(T)));
  }
};

} // namespace tirx_test
