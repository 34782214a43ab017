// The messages of failed device checks: a failed TIRX_CHECK in a kernel
// traps without printing (a printf call would serialize the kernel's wgmmas
// and give it a stack frame), and copies its message into a host-mapped
// buffer when this translation unit installed one:
//
//   tirx::install_check_messages();          // once, before the launches
//   kernel<<<grid, block>>>(...);
//   if (cudaDeviceSynchronize() != cudaSuccess)
//     if (const char* m = tirx::failed_check_message())
//       std::fprintf(stderr, "%s\n", m);     // e.g. "tirx::decl_tensor: ..."
//
// The buffer is host memory, so it stays readable after the trap has made
// the CUDA context unusable. Each translation unit that holds kernels calls
// install_check_messages() itself (nvcc gives each its own device module);
// they share the one buffer.
#pragma once

#include <tirx/core/config.hpp>

#if defined(__CUDACC__)
#include <cuda_runtime.h>

#include <cstring>

namespace tirx {

namespace detail {
/// The process's buffer: its host address (null until installed).
inline char* check_messages_host = nullptr;
} // namespace detail

/// The message of the first device check that failed since the buffer was
/// installed, or nullptr (none failed, or install_check_messages() was not
/// called).
inline const char* failed_check_message() {
  const char* m = detail::check_messages_host;
  return m != nullptr && m[0] != 0 ? m : nullptr;
}

/// Points this translation unit's kernels at the process's message buffer
/// (allocated, zeroed, on the first call). Returns the CUDA error, if any.
/// (static: each translation unit's copy sets its own module's pointer.)
static inline cudaError_t install_check_messages() {
  if (detail::check_messages_host == nullptr) {
    void* host = nullptr;
    if (cudaError_t e = cudaHostAlloc(&host, detail::check_message_bytes, cudaHostAllocMapped);
        e != cudaSuccess)
      return e;
    std::memset(host, 0, detail::check_message_bytes);
    detail::check_messages_host = static_cast<char*>(host);
  }
  void* device = nullptr;
  if (cudaError_t e = cudaHostGetDevicePointer(&device, detail::check_messages_host, 0);
      e != cudaSuccess)
    return e;
  char* buffer = static_cast<char*>(device);
  return cudaMemcpyToSymbol(detail::check_message_buffer, &buffer, sizeof buffer);
}

} // namespace tirx
#endif
