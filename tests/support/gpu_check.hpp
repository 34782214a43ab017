// Helpers for GPU test programs (tirx_gpu_test).
//
//   int main() {
//     if (int rc = tirx_test_require_gpu()) return rc;  // 77: skipped by ctest
//     kernel<<<1, 64>>>(...);
//     TIRX_CHECK_LAUNCH("kernel");                       // the launch, then the kernel
//     TIRX_CHECK_CUDA(cudaDeviceSynchronize());
//   }
//
// TIRX_CHECK_CUDA and TIRX_CHECK_LAUNCH are tirx's own (tirx/host/cuda_check.hpp).
#pragma once

#include <tirx/host/cuda_check.hpp>

// 0 when a CUDA device is usable. 77 (ctest SKIP_RETURN_CODE) when there is no
// GPU or no driver. Any other CUDA error is a real failure: exit 1.
inline int tirx_test_require_gpu() {
  if (!tirx::cuda_device_present()) {
    std::printf("test skipped\n");
    return 77;
  }
  return 0;
}
