// The tokens of a PTX spelling, the parts between its dots
// ("cvt.rn.satfinite.e4m3x2.f32": cvt, rn, satfinite, e4m3x2, f32), split by
// the library's own tokenizer (ptxdesc::tokenize, tirx/ptx/desc.hpp), for the
// tests that read a spelling's meaning from its tokens: at compile time
// (has_token, host and device) and on the host (tokens).
#pragma once

#include <tirx/ptx/desc.hpp>

#include <string>
#include <vector>

namespace tirx_test {

/// Whether a token of t is w: has_token("add.rn.bf16x2", "bf16x2").
TIRX_HD constexpr bool has_token(tirx::text_view t, const char* w) {
  return tirx::ptxdesc::tokenize(t).has(w);
}

/// The tokens of a spelling: tokens("cvt.rn.f16.f32") == {"cvt", "rn", "f16", "f32"}
/// (an empty token too, between two dots or after a trailing one).
inline std::vector<std::string> tokens(const char* spelling) {
  const std::string s = spelling;
  const tirx::ptxdesc::Tokens t =
      tirx::ptxdesc::tokenize(tirx::text_view{s.data(), static_cast<int>(s.size())});
  std::vector<std::string> out;
  for (int k = 0; k < t.n; ++k)
    out.push_back(
        s.substr(static_cast<std::size_t>(t.b[k]), static_cast<std::size_t>(t.e[k] - t.b[k])));
  return out;
}

} // namespace tirx_test
