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
/// Stops a run-time check that failed: prints the message and traps on the
/// device, aborts on the host. Never called during constant evaluation.
/// (A template so that the header needs no `inline`, which nvcc does not
/// combine with __noinline__; kept out of line so that callers carry no
/// printf stack frame.)
// (clang-format cannot lay out the #if inside the declaration.)
// clang-format off
template <int = 0>
#if defined(__CUDACC__)
__noinline__
#endif
[[noreturn]] TIRX_HD void fail(const char* message) {
#if defined(__CUDA_ARCH__)
  printf("%s\n", message);
  __trap();
  __builtin_unreachable();
#else
  std::fprintf(stderr, "%s\n", message);
  std::abort();
#endif
}
// clang-format on
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
