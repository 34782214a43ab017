// A string literal usable as a template argument: tirx::layout_of<"S[4 : 1]">.
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {

/// Characters of a literal, stored by value so that the literal can be a
/// non-type template argument. N counts the terminating zero.
template <int N> struct fixed_string {
  char chars[N] = {};

  TIRX_HD constexpr fixed_string(const char (&s)[N]) {
    for (int i = 0; i < N; ++i)
      chars[i] = s[i];
  }
  TIRX_HD constexpr int size() const { return N - 1; }
  TIRX_HD constexpr char operator[](int i) const { return i < N - 1 ? chars[i] : '\0'; }
  TIRX_HD constexpr const char* c_str() const { return chars; }
};

/// A read-only view of characters, for the compile-time parsers.
struct text_view {
  const char* data = nullptr;
  int size = 0;
  TIRX_HD constexpr char operator[](int i) const { return i < size ? data[i] : '\0'; }
  TIRX_HD constexpr bool operator==(const text_view& o) const {
    if (size != o.size)
      return false;
    for (int i = 0; i < size; ++i)
      if (data[i] != o.data[i])
        return false;
    return true;
  }
};

} // namespace tirx
