// Choosing a kernel for the alignment the data has. A GridTensor's Align is
// a static fact the kernel's vector width relies on; run time knows the
// pointers. alignment_of says which Align a set of pointers (and row
// strides in bytes) allows; dispatch_align calls a function with the widest
// of the Aligns a kernel was written for that they allow: the narrower
// fallback. require_align is the clear refusal.
#pragma once

#include <tirx/core/config.hpp>

#include <tirx/core/cccl.hpp>

#if !defined(__CUDA_ARCH__)
#include <stdexcept>
#include <string>
#endif

namespace tirx {

/// The largest power of two, at most cap, that divides every address and
/// byte count given (pointers, and row strides in bytes for matrices).
template <class... V> TIRX_HD constexpr int alignment_of(int cap, V... values) {
  unsigned long long bits = 0;
  auto add = [&](auto v) {
    if constexpr (cuda::std::is_pointer_v<decltype(v)>)
      bits |= reinterpret_cast<unsigned long long>(v);
    else
      bits |= static_cast<unsigned long long>(v);
  };
  (add(values), ...);
  int a = 1;
  while (a < cap && (bits & static_cast<unsigned long long>(a)) == 0)
    a *= 2;
  return a;
}

/// Calls f(cuda::std::integral_constant<int, A>{}) for the first A of
/// Aligns (list them widest first) that divides `actual`; returns false,
/// calling nothing, when none does.
template <int... Aligns, class F> bool dispatch_align(int actual, F&& f) {
  bool done = false;
  (
      [&] {
        if (!done && actual % Aligns == 0) {
          f(cuda::std::integral_constant<int, Aligns>{});
          done = true;
        }
      }(),
      ...);
  return done;
}

#if !defined(__CUDA_ARCH__)
/// The refusal: throws std::invalid_argument naming what is misaligned when
/// `actual` (from alignment_of) is below the Align a kernel needs.
inline void require_align(int needed, int actual, const char* what) {
  if (actual < needed)
    throw std::invalid_argument(
        std::string("tirx::require_align: ") + what + " is aligned to " + std::to_string(actual) +
        " bytes, the kernel needs " + std::to_string(needed) + "; pass data aligned to " +
        std::to_string(needed) +
        " bytes or use a kernel built for the narrower alignment (tirx::dispatch_align)");
}
#endif

} // namespace tirx
