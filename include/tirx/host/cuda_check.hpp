// Checking CUDA runtime calls in host code: TIRX_CHECK_CUDA(call) exits the
// program (status 1) with the file, the line, the call and the CUDA error
// when the call fails, and with the message of a failed tirx device check
// when one was recorded (install_check_messages()); TIRX_CHECK_LAUNCH(what)
// checks the last kernel launch and waits for the kernel; cuda_device_present()
// tells whether a GPU is there to run on.
//
//   if (!tirx::cuda_device_present())
//     return 0;                                   // nothing to run on
//   TIRX_CHECK_CUDA(cudaMalloc(&p, bytes));
//   kernel<<<grid, block>>>(p);
//   TIRX_CHECK_LAUNCH("kernel");
#pragma once

#include <tirx/host/check_messages.hpp>

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

namespace tirx {

namespace detail {
/// The report of TIRX_CHECK_CUDA and TIRX_CHECK_LAUNCH: one line on stderr
/// (and the failed device check's message, if any), then exit(1).
/// `prefix` and `what` name what failed: ("", "cudaMalloc(&p, n)") or
/// ("the launch of ", "kernel").
[[noreturn]] inline void exit_on_cuda_error(cudaError_t error, const char* prefix, const char* what,
                                            const char* file, int line) {
  std::fprintf(stderr, "%s:%d: %s%s failed: %s (%s)\n", file, line, prefix, what,
               cudaGetErrorName(error), cudaGetErrorString(error));
#if defined(__CUDACC__)
  if (const char* message = failed_check_message())
    std::fprintf(stderr, "%s\n", message);
#endif
  std::exit(1);
}
} // namespace detail

/// Whether a CUDA device is usable: false when there is no GPU or no driver
/// (one line on stdout says which); any other CUDA error exits the program
/// as TIRX_CHECK_CUDA does.
inline bool cuda_device_present() {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error == cudaErrorNoDevice || error == cudaErrorInsufficientDriver ||
      (error == cudaSuccess && count == 0)) {
    std::printf("no CUDA device (%s)\n", cudaGetErrorName(error));
    return false;
  }
  if (error != cudaSuccess)
    detail::exit_on_cuda_error(error, "", "cudaGetDeviceCount", __FILE__, __LINE__);
  return true;
}

} // namespace tirx

/// Evaluates `call` (a CUDA runtime call, or anything that gives a
/// cudaError_t, e.g. tirx::launch) once; when it is not cudaSuccess, prints
/// `file:line: call failed: cudaErrorName (description)` on stderr and exits
/// with status 1.
#define TIRX_CHECK_CUDA(call)                                                                      \
  do {                                                                                             \
    const cudaError_t tirx_check_error_ = (call);                                                  \
    if (tirx_check_error_ != cudaSuccess)                                                          \
      ::tirx::detail::exit_on_cuda_error(tirx_check_error_, "", #call, __FILE__, __LINE__);        \
  } while (0)

/// After a kernel launch: exits as TIRX_CHECK_CUDA does when the launch
/// failed (cudaGetLastError; `what` names the kernel), then waits for the
/// kernel and exits when it failed (cudaDeviceSynchronize).
#define TIRX_CHECK_LAUNCH(what)                                                                    \
  do {                                                                                             \
    const cudaError_t tirx_launch_error_ = cudaGetLastError();                                     \
    if (tirx_launch_error_ != cudaSuccess)                                                         \
      ::tirx::detail::exit_on_cuda_error(tirx_launch_error_, "the launch of ", (what), __FILE__,   \
                                         __LINE__);                                                \
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());                                                      \
  } while (0)
#endif
