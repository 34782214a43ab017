// The tokens of a PTX spelling, the parts between its dots
// ("cvt.rn.satfinite.e4m3x2.f32": cvt, rn, satfinite, e4m3x2, f32), split the
// way the library's parser reads them (ptxdesc::describe,
// tirx/ptx/spelling.hpp). For the tests that read a spelling's meaning from
// its tokens: at compile time (has_token, host and device) and on the host
// (tokens).
#pragma once

#include <tirx/ptx/spelling.hpp>

#include <string>
#include <vector>

namespace tirx_test {

/// One token of a spelling: the characters [begin, end).
struct Token {
  int begin = 0, end = 0;
};

/// The token of t that starts at `from` (0, or one past a dot). The next
/// one starts at end + 1, while end < t.size (a dot follows).
TIRX_HD constexpr Token token_at(tirx::text_view t, int from) {
  int end = from;
  while (end < t.size && t[end] != '.')
    ++end;
  return Token{from, end};
}

/// Whether a token of t is w: has_token("add.rn.bf16x2", "bf16x2").
TIRX_HD constexpr bool has_token(tirx::text_view t, const char* w) {
  for (Token k = token_at(t, 0);; k = token_at(t, k.end + 1)) {
    if (tirx::ptxdesc::tok_eq(t, k.begin, k.end, w))
      return true;
    if (k.end >= t.size)
      return false;
  }
}

/// The tokens of a spelling: tokens("cvt.rn.f16.f32") == {"cvt", "rn", "f16", "f32"}
/// (an empty token too, between two dots or after a trailing one).
inline std::vector<std::string> tokens(const char* spelling) {
  const std::string s = spelling;
  const tirx::text_view t{s.data(), static_cast<int>(s.size())};
  std::vector<std::string> out;
  for (Token k = token_at(t, 0);; k = token_at(t, k.end + 1)) {
    out.push_back(
        s.substr(static_cast<std::size_t>(k.begin), static_cast<std::size_t>(k.end - k.begin)));
    if (k.end >= t.size)
      return out;
  }
}

} // namespace tirx_test
