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

/// What apply needs to know about one instruction.
struct Desc {
  Op op = Op::invalid;
  Space space = Space::none;
  int vec = 1;        ///< elements per atom (the .vN of ld/st, else 1)
  int dst_bits = 0;   ///< width of one destination element
  int src_bits = 0;   ///< width of one source element
  int min_srcs = 0;   ///< sources, not counting the destination
  int max_srcs = 0;
  bool memory_dst = false; ///< st: the destination is memory
  bool memory_src = false; ///< ld: the source is memory
  bool loads = false;      ///< writes registers from memory (no overlapping destinations)
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
    if (t[tok_b[k]] == 'v' && tok_e[k] - tok_b[k] == 2 && t[tok_b[k] + 1] >= '1' && t[tok_b[k] + 1] <= '8')
      d.vec = t[tok_b[k] + 1] - '0';
  }
  if (last == 0) {
    d.op = Op::invalid;
    return d;
  }
  int bits = type_bits(t, tok_b[last], tok_e[last]);
  d.dst_bits = d.src_bits = bits;
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

} // namespace tirx
