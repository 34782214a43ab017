// Instruction atoms named by their PTX spelling: tirx::ptx<"ld.global.v4.b32">.
// The spelling is parsed at compile time, by the family that claims its
// opcode (ptx/families.hpp lists them), into the facts apply needs (operand
// roles, register widths, atom size, memory spaces). Whether a spelling is a
// form tirx emits, its oldest architecture, and the inline assembly it
// becomes, is the business of that family's header and row files.
#pragma once

#include <tirx/ptx/desc.hpp>

namespace tirx {

namespace ptxdesc {
/// The description of a spelling by the family that claims it (defined by
/// ptx/families.hpp, which lists the families; a template, so that nvcc's
/// host pass, which has no families, fails only where host code reads one).
template <class = void> TIRX_HD constexpr Desc describe_registered(text_view s);
} // namespace ptxdesc

/// An instruction atom: ptx<"ld.global.v4.b32">. A type, so that apply can
/// take it as apply<ptx<"...">>(...).
template <fixed_string Spelling> struct ptx {
  static constexpr bool is_ptx = true;
  static constexpr fixed_string spelling = Spelling;
  static constexpr ptxdesc::Desc desc =
      ptxdesc::describe_registered<>(text_view{Spelling.chars, Spelling.size()});
};

template <class T> inline constexpr bool is_ptx_v = requires { T::is_ptx; };

namespace detail {
/// Where the ".vN" token of a spelling starts, or -1.
template <fixed_string S> TIRX_HD constexpr int vector_token() {
  for (int i = 0; i + 2 < S.size(); ++i)
    if (S[i] == '.' && S[i + 1] == 'v' && S[i + 2] >= '1' && S[i + 2] <= '8' && S[i + 3] == '.')
      return i;
  return -1;
}
/// The spelling without its ".vN" token: one element of the atom
/// ("ld.global.nc.v4.b32" -> "ld.global.nc.b32").
template <fixed_string S> TIRX_HD constexpr auto scalar_spelling() {
  constexpr int at = vector_token<S>();
  constexpr int len = at < 0 ? S.size() : S.size() - 3;
  char buf[len + 1] = {};
  for (int i = 0, o = 0; i < S.size(); ++i)
    if (at < 0 || i < at || i >= at + 3)
      buf[o++] = S[i];
  return fixed_string<len + 1>(buf);
}
/// Prefix + ".vN" (N > 1) + "." + Type: vector_spelling<"ld.global", 4, "b32">() ==
/// "ld.global.v4.b32".
template <fixed_string Prefix, int Vec, fixed_string Type>
TIRX_HD constexpr auto vector_spelling() {
  static_assert(Vec == 1 || Vec == 2 || Vec == 4 || Vec == 8,
                "tirx::ptx_vec: the vector width must be 1, 2, 4 or 8");
  constexpr int len = Prefix.size() + (Vec > 1 ? 3 : 0) + 1 + Type.size();
  char buf[len + 1] = {};
  int o = 0;
  for (int i = 0; i < Prefix.size(); ++i)
    buf[o++] = Prefix[i];
  if (Vec > 1) {
    buf[o++] = '.';
    buf[o++] = 'v';
    buf[o++] = static_cast<char>('0' + Vec);
  }
  buf[o++] = '.';
  for (int i = 0; i < Type.size(); ++i)
    buf[o++] = Type[i];
  return fixed_string<len + 1>(buf);
}
} // namespace detail

/// A memory atom whose vector width is a template parameter, for kernels
/// written once for several alignments: ptx_vec<"ld.global", 4, "b32"> is
/// ptx<"ld.global.v4.b32">, ptx_vec<"ld.global", 1, "b32"> is ptx<"ld.global.b32">.
template <fixed_string Prefix, int Vec, fixed_string Type>
struct ptx_vec : ptx<detail::vector_spelling<Prefix, Vec, Type>()> {};

} // namespace tirx
