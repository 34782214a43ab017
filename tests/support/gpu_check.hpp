// Helpers for GPU test programs (tirx_gpu_test).
//
//   int main() {
//     if (int rc = tirx_test_require_gpu()) return rc;  // 77: skipped by ctest
//     kernel<<<1, 64>>>(...);
//     TIRX_CHECK_LAUNCH("kernel");                       // the launch, then the kernel
//     TIRX_CHECK_CUDA(cudaDeviceSynchronize());
//   }
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

// Aborts the test (exit 1) with file, line and CUDA error when `call` fails.
#define TIRX_CHECK_CUDA(call)                                                                      \
  do {                                                                                             \
    const cudaError_t tirx_check_err_ = (call);                                                    \
    if (tirx_check_err_ != cudaSuccess) {                                                          \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #call,               \
                   cudaGetErrorName(tirx_check_err_), cudaGetErrorString(tirx_check_err_));        \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

// After a kernel launch: aborts the test (exit 1) with file, line and `what`
// when the launch failed, then waits for the kernel (TIRX_CHECK_CUDA).
#define TIRX_CHECK_LAUNCH(what)                                                                    \
  do {                                                                                             \
    const cudaError_t tirx_launch_err_ = cudaGetLastError();                                       \
    if (tirx_launch_err_ != cudaSuccess) {                                                         \
      std::fprintf(stderr, "%s:%d: launch of %s failed: %s (%s)\n", __FILE__, __LINE__, what,      \
                   cudaGetErrorName(tirx_launch_err_), cudaGetErrorString(tirx_launch_err_));      \
      std::exit(1);                                                                                \
    }                                                                                              \
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());                                                      \
  } while (0)

// 0 when a CUDA device is usable. 77 (ctest SKIP_RETURN_CODE) when there is no
// GPU or no driver. Any other CUDA error is a real failure: exit 1.
inline int tirx_test_require_gpu() {
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver ||
      (err == cudaSuccess && count == 0)) {
    std::printf("no GPU found (%s): test skipped\n", cudaGetErrorName(err));
    return 77;
  }
  TIRX_CHECK_CUDA(err);
  return 0;
}
