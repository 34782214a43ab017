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

/// Whether this compilation pass has the arch-specific features of sm_90a
/// (wgmma, setmaxnreg, TMA multicast) and of sm_100a (tcgen05): 1 in the
/// device pass of -gencode=arch=compute_90a,code=sm_90a (the sm_90a part of
/// -arch=sm_90a), 0 in the compute_90 PTX pass that -arch=sm_90a also
/// builds, in every other target and in the host pass. __CUDA_ARCH__ is 900
/// in both sm_90 passes and cannot tell them apart; nvcc's own spelling is
/// defined(__CUDA_ARCH_FEAT_SM90_ALL) (__CUDA_ARCH_FEAT_SM100_ALL). Code
/// built for several targets keeps an sm_90a call under #if TIRX_HAS_SM90A.
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define TIRX_HAS_SM90A 1
#else
#define TIRX_HAS_SM90A 0
#endif
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM100_ALL)
#define TIRX_HAS_SM100A 1
#else
#define TIRX_HAS_SM100A 0
#endif

/// The text of an architecture refusal, after "OP: needs ...": SM the
/// oldest target ("90"), ARCH its __CUDA_ARCH__ ("900").
#define TIRX_ARCH_RULE_TEXT(SM, ARCH)                                                              \
  " needs sm_" SM " or newer, and this device pass targets an older one; compile for sm_" SM       \
  " or newer (-arch=sm_" SM "), or keep the call under #if __CUDA_ARCH__ >= " ARCH                 \
  " in code built for several targets"
/// The same for an arch-specific target: SM "90a", BASE its plain twin
/// ("90"), ARCH "900", GUARD tirx's macro, FEAT nvcc's.
#define TIRX_ARCH_SPECIFIC_RULE_TEXT(SM, BASE, ARCH, GUARD, FEAT)                                  \
  " needs sm_" SM ", and this device pass lacks its features (it targets another architecture, "   \
  "or it is the compute_" BASE " PTX pass that -arch=sm_" SM " also builds); compile with "        \
  "-gencode=arch=compute_" SM ",code=sm_" SM ", or keep the call under #if " GUARD                 \
  " (nvcc's " FEAT "; __CUDA_ARCH__ is " ARCH " in both passes)"

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
