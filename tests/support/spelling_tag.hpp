// Spellings as tag types, for GPU tests whose kernels are templates over an
// instruction: nvcc's host stub of a __global__ template cannot spell a
// class-type template argument such as the fixed_string inside ptx<"...">,
// so a kernel takes a tag (a struct holding the text) and forms ptx<...> in
// device code:
//
//   TIRX_SPELLING(Ld4, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
//   template <class Tag> __global__ void k(...) { tile::apply<instr_of<Tag>>(...); }
#pragma once

#include <tirx/core/fixed_string.hpp>
#include <tirx/ptx/spelling.hpp>

namespace tirx_test {

/// The length of a string literal, at compile time.
TIRX_HD constexpr int length(const char* s) {
  int n = 0;
  while (s[n] != '\0')
    ++n;
  return n;
}
/// A constexpr C string as a fixed_string of N characters (its length + 1).
template <int N> TIRX_HD constexpr tirx::fixed_string<N> to_fixed(const char* s) {
  char buf[N] = {};
  for (int i = 0; i + 1 < N; ++i)
    buf[i] = s[i];
  return tirx::fixed_string<N>(buf);
}
/// The instruction atom of a tag's spelling.
template <class Tag> using instr_of = tirx::ptx<to_fixed<length(Tag::text) + 1>(Tag::text)>;

} // namespace tirx_test

/// A tag type NAME for the spelling TEXT.
#define TIRX_SPELLING(NAME, TEXT)                                                                  \
  struct NAME {                                                                                    \
    static constexpr const char* text = TEXT;                                                      \
  }
