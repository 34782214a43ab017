// Compiler portability: host/device annotations, inlining and debug traps.
#pragma once

#include <tirx/core/cccl.hpp>

#include <cstdio>
#if !defined(__CUDA_ARCH__)
#include <cstdlib>
#endif

#if defined(__CUDACC__)
#define TIRX_HD __host__ __device__
#define TIRX_FORCEINLINE __forceinline__
#else
#define TIRX_HD
#define TIRX_FORCEINLINE inline
#endif

/// Debug-mode checks: on unless NDEBUG or TIRX_NO_DEBUG_CHECKS is defined.
#if !defined(TIRX_DEBUG_CHECKS)
#if defined(NDEBUG) || defined(TIRX_NO_DEBUG_CHECKS)
#define TIRX_DEBUG_CHECKS 0
#else
#define TIRX_DEBUG_CHECKS 1
#endif
#endif

namespace tirx {

/// Index type of all compile-time layout arithmetic.
using index_t = long long;

namespace detail {
/// Bytes of the message a failed device check leaves for the host
/// (host/check_messages.hpp), the final NUL included.
inline constexpr int check_message_bytes = 256;

#if defined(__CUDACC__)
// Per translation unit, as nvcc's whole-program compilation gives each its
// own device module: where a failed check copies its message (null, or a
// host-mapped buffer that install_check_messages() hands over), and
// whether a thread has claimed it (1) and written its message (2).
static __device__ char* check_message_buffer;
static __device__ int check_message_claimed;
#endif

/// Stops a run-time check that failed: on the host it prints the message and aborts;
/// on the device it copies the message into the host-mapped buffer (the
/// first failing thread, when one is installed) and traps. The device path
/// calls nothing: a call anywhere in a kernel (printf is one) makes ptxas
/// serialize its wgmmas (C7510) and gives it a stack frame. Never called
/// during constant evaluation (a call to it there is the error a constexpr
/// caller reports).
[[noreturn]] TIRX_HD TIRX_FORCEINLINE void fail(const char* message) {
#if defined(__CUDA_ARCH__)
  char* buffer = *static_cast<char* volatile*>(&check_message_buffer);
  if (buffer != nullptr) {
    // claimed: 0 free, 1 being written, 2 written. The first failing thread
    // writes; the others wait until it has (a trap ends the whole grid, and
    // would cut the writer's stores short), a bounded while.
    if (atomicCAS(&check_message_claimed, 0, 1) == 0) {
#pragma unroll 1
      for (int i = 0; i < check_message_bytes - 1 && message[i] != 0; ++i)
        static_cast<volatile char*>(buffer)[i] = message[i];
      __threadfence_system(); // the host reads the buffer after the launch failed
      atomicExch(&check_message_claimed, 2);
    } else {
#pragma unroll 1
      for (int spin = 0; spin < (1 << 16) && atomicAdd(&check_message_claimed, 0) != 2; ++spin)
        __nanosleep(1000);
    }
  }
  __trap();
  __builtin_unreachable();
#else
  std::fprintf(stderr, "%s\n", message);
  std::abort();
#endif
}

} // namespace detail

} // namespace tirx

/// TIRX_CHECK(cond, "tirx::op: rule; fix"): a debug-mode run-time check.
#if TIRX_DEBUG_CHECKS
#define TIRX_CHECK(cond, message)                                                                  \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      ::tirx::detail::fail(message);                                                               \
  } while (0)
#else
#define TIRX_CHECK(cond, message)                                                                  \
  do {                                                                                             \
  } while (0)
#endif
