// Instruction atoms named by their PTX spelling: tirx::ptx<"ld.global.v4.b32">.
// The spelling is parsed at compile time into the facts apply needs (operand
// roles, register widths, atom size, memory space). Whether a spelling is
// supported, and the inline assembly it becomes, is the business of one
// header per family (ptx/memory.hpp, ptx/arith.hpp, ptx/cvt.hpp,
// ptx/mov.hpp), each of which lists its spellings at the top.
#pragma once

#include <tirx/core/fixed_string.hpp>

namespace tirx {

namespace ptxdesc {

enum class Op { invalid, ld, st, mov, add, sub, mul, div, rcp, sqrt, min, max, fma, ex2, lg2, abs, neg, cvt };
enum class Space { none, global, shared, local };
/// What a type token says about the bits: raw (b32), an integer (s32, u16),
/// one floating-point value (f32, f16, bf16), or a packed pair (f16x2, e4m3x2).
enum class TypeKind { none, bits, integer, floating, packed };

/// What apply needs to know about one instruction.
struct Desc {
  Op op = Op::invalid;
  Space space = Space::none;
  int vec = 1;        ///< elements per atom (the .vN of ld/st, else 1)
  int dst_bits = 0;   ///< width of one destination element
  int src_bits = 0;   ///< width of one source element
  TypeKind src_kind = TypeKind::none; ///< what the sources' type token says (cvt: the source type)
  int min_srcs = 0;   ///< sources, not counting the destination
  int max_srcs = 0;
  bool memory_dst = false; ///< st: the destination is memory
  bool memory_src = false; ///< ld: the source is memory
  bool loads = false;      ///< writes registers from memory (no overlapping destinations)
  bool cache_hint = false; ///< ld/st .L2::cache_hint: takes a 64-bit cache policy (tile::cache_hint)
};

TIRX_HD constexpr bool tok_eq(text_view t, int b, int e, const char* w) {
  int i = 0;
  for (; w[i] != '\0'; ++i)
    if (b + i >= e || t[b + i] != w[i]) return false;
  return b + i == e;
}

/// Width in bits of a PTX type token (b32, f16x2, e4m3x2, ...); 0 if not a type.
TIRX_HD constexpr int type_bits(text_view t, int b, int e) {
  struct T {
    const char* n;
    int bits;
  };
  constexpr T types[] = {{"b8", 8},     {"b16", 16},   {"b32", 32},     {"b64", 64},      {"b128", 128},
                         {"u8", 8},     {"u16", 16},   {"u32", 32},     {"u64", 64},      {"s8", 8},
                         {"s16", 16},   {"s32", 32},   {"s64", 64},     {"f16", 16},      {"f32", 32},
                         {"f64", 64},   {"bf16", 16},  {"f16x2", 32},   {"bf16x2", 32},   {"f32x2", 64},
                         {"e4m3x2", 16}, {"e5m2x2", 16}, {"tf32", 32}};
  for (const T& ty : types)
    if (tok_eq(t, b, e, ty.n)) return ty.bits;
  return 0;
}

/// The kind of a type token (see TypeKind); none if not a type.
TIRX_HD constexpr TypeKind type_kind(text_view t, int b, int e) {
  if (type_bits(t, b, e) == 0) return TypeKind::none;
  if (e - b > 2 && t[e - 2] == 'x' && t[e - 1] == '2') return TypeKind::packed;
  if (t[b] == 'b' && t[b + 1] != 'f') return TypeKind::bits;
  if (t[b] == 's' || t[b] == 'u') return TypeKind::integer;
  return TypeKind::floating; // f16 f32 f64 bf16 tf32
}

/// Parses a spelling; op == invalid when the opcode is unknown.
TIRX_HD constexpr Desc describe(text_view t) {
  Desc d{};
  int tok_b[16] = {}, tok_e[16] = {};
  int n = 0;
  for (int i = 0, b = 0; i <= t.size; ++i) {
    if (i == t.size || (t[i] == '.')) {
      if (n < 16) {
        tok_b[n] = b;
        tok_e[n] = i;
        ++n;
      }
      b = i + 1;
    }
  }
  if (n == 0) return d;
  struct O {
    const char* n;
    Op op;
    int lo, hi;
  };
  constexpr O ops[] = {{"ld", Op::ld, 1, 1},   {"st", Op::st, 1, 1},     {"mov", Op::mov, 1, 1},
                       {"add", Op::add, 2, 2}, {"sub", Op::sub, 2, 2},   {"mul", Op::mul, 2, 2},
                       {"div", Op::div, 2, 2}, {"rcp", Op::rcp, 1, 1},   {"sqrt", Op::sqrt, 1, 1},
                       {"min", Op::min, 2, 3}, {"max", Op::max, 2, 3},   {"fma", Op::fma, 3, 3},
                       {"ex2", Op::ex2, 1, 1}, {"lg2", Op::lg2, 1, 1},   {"abs", Op::abs, 1, 1},
                       {"neg", Op::neg, 1, 1}, {"cvt", Op::cvt, 1, 2}};
  for (const O& o : ops)
    if (tok_eq(t, tok_b[0], tok_e[0], o.n)) {
      d.op = o.op;
      d.min_srcs = o.lo;
      d.max_srcs = o.hi;
    }
  if (d.op == Op::invalid) return d;
  // the last type token is the operand type; cvt has two (destination, source)
  int last = 0, before = 0;
  for (int k = 1; k < n; ++k) {
    if (type_bits(t, tok_b[k], tok_e[k]) > 0) {
      before = last;
      last = k;
    }
    if (tok_eq(t, tok_b[k], tok_e[k], "global")) d.space = Space::global;
    if (tok_eq(t, tok_b[k], tok_e[k], "shared") || tok_eq(t, tok_b[k], tok_e[k], "shared::cta")) d.space = Space::shared;
    if (tok_eq(t, tok_b[k], tok_e[k], "local")) d.space = Space::local;
    if (tok_eq(t, tok_b[k], tok_e[k], "L2::cache_hint")) d.cache_hint = true;
    if (t[tok_b[k]] == 'v' && tok_e[k] - tok_b[k] == 2 && t[tok_b[k] + 1] >= '1' && t[tok_b[k] + 1] <= '8')
      d.vec = t[tok_b[k] + 1] - '0';
  }
  if (last == 0) {
    d.op = Op::invalid;
    return d;
  }
  int bits = type_bits(t, tok_b[last], tok_e[last]);
  d.dst_bits = d.src_bits = bits;
  d.src_kind = type_kind(t, tok_b[last], tok_e[last]);
  if (d.op == Op::cvt) {
    if (before == 0) {
      d.op = Op::invalid;
      return d;
    }
    d.dst_bits = type_bits(t, tok_b[before], tok_e[before]);
    d.src_bits = bits;
    // packed results from two scalars: cvt.rn.f16x2.f32 d, hi, lo
    bool packed_dst = tok_eq(t, tok_b[before], tok_e[before], "f16x2") || tok_eq(t, tok_b[before], tok_e[before], "bf16x2") ||
                      tok_eq(t, tok_b[before], tok_e[before], "e4m3x2") || tok_eq(t, tok_b[before], tok_e[before], "e5m2x2");
    bool packed_src = tok_eq(t, tok_b[last], tok_e[last], "f16x2") || tok_eq(t, tok_b[last], tok_e[last], "e4m3x2") ||
                      tok_eq(t, tok_b[last], tok_e[last], "e5m2x2") || tok_eq(t, tok_b[last], tok_e[last], "bf16x2");
    d.min_srcs = d.max_srcs = (packed_dst && !packed_src) ? 2 : 1;
  }
  if (d.op == Op::ld) {
    d.memory_src = true;
    d.loads = true;
  }
  if (d.op == Op::st) d.memory_dst = true;
  return d;
}

/// The oldest sm that has the instruction, where tirx checks it (0: every
/// target tirx builds for): sm_100 for 256-bit ld/st (.v8.b32, .v4.b64),
/// f32x2 arithmetic and min/max of three sources. apply refuses these in a
/// device compilation for an older target (docs/instruction-reference.md).
TIRX_HD constexpr int min_sm(const Desc& d, int nsrc) {
  if ((d.op == Op::ld || d.op == Op::st) && d.vec * (d.op == Op::ld ? d.dst_bits : d.src_bits) > 128) return 100;
  const bool arith = d.op == Op::add || d.op == Op::sub || d.op == Op::mul || d.op == Op::fma;
  if (arith && d.src_kind == TypeKind::packed && d.src_bits == 64) return 100; // f32x2
  if ((d.op == Op::min || d.op == Op::max) && nsrc == 3) return 100;
  return 0;
}

} // namespace ptxdesc

/// An instruction atom: ptx<"ld.global.v4.b32">. A type, so that apply can
/// take it as apply<ptx<"...">>(...).
template <fixed_string Spelling>
struct ptx {
  static constexpr bool is_ptx = true;
  static constexpr fixed_string spelling = Spelling;
  static constexpr ptxdesc::Desc desc = ptxdesc::describe(text_view{Spelling.chars, Spelling.size()});
};

template <class T>
inline constexpr bool is_ptx_v = requires { T::is_ptx; };

namespace detail {
/// Where the ".vN" token of a spelling starts, or -1.
template <fixed_string S>
TIRX_HD constexpr int vector_token() {
  for (int i = 0; i + 2 < S.size(); ++i)
    if (S[i] == '.' && S[i + 1] == 'v' && S[i + 2] >= '1' && S[i + 2] <= '8' && S[i + 3] == '.') return i;
  return -1;
}
/// The spelling without its ".vN" token: one element of the atom
/// ("ld.global.nc.v4.b32" -> "ld.global.nc.b32").
template <fixed_string S>
TIRX_HD constexpr auto scalar_spelling() {
  constexpr int at = vector_token<S>();
  constexpr int len = at < 0 ? S.size() : S.size() - 3;
  char buf[len + 1] = {};
  for (int i = 0, o = 0; i < S.size(); ++i)
    if (at < 0 || i < at || i >= at + 3) buf[o++] = S[i];
  return fixed_string<len + 1>(buf);
}
/// Prefix + ".vN" (N > 1) + "." + Type: vector_spelling<"ld.global", 4, "b32">() == "ld.global.v4.b32".
template <fixed_string Prefix, int Vec, fixed_string Type>
TIRX_HD constexpr auto vector_spelling() {
  static_assert(Vec == 1 || Vec == 2 || Vec == 4 || Vec == 8, "tirx::ptx_vec: the vector width must be 1, 2, 4 or 8");
  constexpr int len = Prefix.size() + (Vec > 1 ? 3 : 0) + 1 + Type.size();
  char buf[len + 1] = {};
  int o = 0;
  for (int i = 0; i < Prefix.size(); ++i) buf[o++] = Prefix[i];
  if (Vec > 1) {
    buf[o++] = '.';
    buf[o++] = 'v';
    buf[o++] = static_cast<char>('0' + Vec);
  }
  buf[o++] = '.';
  for (int i = 0; i < Type.size(); ++i) buf[o++] = Type[i];
  return fixed_string<len + 1>(buf);
}
} // namespace detail

/// A memory atom whose vector width is a template parameter, for kernels
/// written once for several alignments: ptx_vec<"ld.global", 4, "b32"> is
/// ptx<"ld.global.v4.b32">, ptx_vec<"ld.global", 1, "b32"> is ptx<"ld.global.b32">.
template <fixed_string Prefix, int Vec, fixed_string Type>
struct ptx_vec : ptx<detail::vector_spelling<Prefix, Vec, Type>()> {};

} // namespace tirx
