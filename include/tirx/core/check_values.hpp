// Debug checks whose message carries run-time numbers:
//
//   TIRX_CHECK_VALUES(i < n, "tirx::op: index {} lies outside 0..{}; fix", i, n - 1);
//
// Each "{}" of the message is replaced by the next value, in decimal, when
// the check fails. The device path formats straight into the host-mapped
// message buffer of core/config.hpp (no call, no local array: the same
// shape as TIRX_CHECK), the host path prints to stderr; both then stop as
// TIRX_CHECK does. Off with the other debug checks.
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {
namespace detail {

/// Value k of the pack (0 when k is past its end), without an array.
template <class... V> TIRX_HD TIRX_FORCEINLINE constexpr long long value_at(int k, V... v) {
  long long out = 0;
  int i = 0;
  ((out = (i++ == k) ? static_cast<long long>(v) : out), ...);
  return out;
}

/// Writes message with every "{}" replaced by the next value through
/// put(position, character), at most capacity - 1 characters; returns how
/// many it wrote (the caller adds the NUL).
template <class Put, class... V>
TIRX_HD TIRX_FORCEINLINE constexpr int format_check_message(Put put, int capacity,
                                                            const char* message, V... values) {
  int out = 0;
  int next = 0;
  for (int i = 0; message[i] != 0 && out < capacity - 1; ++i) {
    if (message[i] == '{' && message[i + 1] == '}' && next < static_cast<int>(sizeof...(V))) {
      const long long v = value_at(next++, values...);
      unsigned long long mag =
          v < 0 ? 0ULL - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
      if (v < 0 && out < capacity - 1)
        put(out++, '-');
      unsigned long long scale = 1;
      while (mag / scale >= 10)
        scale *= 10;
      for (; scale > 0 && out < capacity - 1; scale /= 10)
        put(out++, static_cast<char>('0' + (mag / scale) % 10));
      ++i; // the '}'
    } else {
      put(out++, message[i]);
    }
  }
  return out;
}

/// TIRX_CHECK's fail() with numbers: formats the message (the first
/// failing thread, into the installed buffer on the device) and stops.
template <class... V> [[noreturn]] TIRX_HD void fail_values(const char* message, V... values) {
#if defined(__CUDA_ARCH__)
  char* buffer = *static_cast<char* volatile*>(&check_message_buffer);
  if (buffer != nullptr) {
    // the claim protocol of fail() in core/config.hpp
    if (atomicCAS(&check_message_claimed, 0, 1) == 0) {
      volatile char* out = buffer;
      const int n = format_check_message([out](int i, char c) { out[i] = c; }, check_message_bytes,
                                         message, values...);
      out[n] = 0;
      __threadfence_system();
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
  format_check_message([](int, char c) { std::fputc(c, stderr); }, check_message_bytes, message,
                       values...);
  std::fputc('\n', stderr);
  std::abort();
#endif
}

} // namespace detail
} // namespace tirx

/// TIRX_CHECK_VALUES(cond, "tirx::op: ... {} ...; fix", values...): TIRX_CHECK
/// whose message shows the values (integers) where it writes "{}".
#if TIRX_DEBUG_CHECKS
#define TIRX_CHECK_VALUES(cond, message, ...)                                                      \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      ::tirx::detail::fail_values(message, __VA_ARGS__);                                           \
  } while (0)
#else
#define TIRX_CHECK_VALUES(cond, message, ...)                                                      \
  do {                                                                                             \
  } while (0)
#endif
