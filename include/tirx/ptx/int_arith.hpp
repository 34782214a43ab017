// The integer arithmetic family: one register in, one out per source (atom
// (1,)), in TIRx's spellings (PTX ISA 9.7.1). Registers by width: h (16
// bits), r (32), l (64); .wide writes twice the factors' width, and
// mad.wide's addend c is wide too. Spellings (ptx/rows/int_arith.def; [a|b]:
// a, b or nothing; {a|b}: a or b; T: .u16 .s16 .u32 .s32 .u64 .s64):
//   add T, add.sat.s32, add{.u16x2|.s16x2} (sm_90)           d, a, b
//   sub T, sub.sat.s32                                       d, a, b
//   mul{.lo|.hi} T, mul.wide{.u16|.s16|.u32|.s32}            d, a, b
//   mad{.lo|.hi} T, mad.hi.sat.s32, mad.wide{.u16|.s16|.u32|.s32}   d, a, b, c
//   mul24{.lo|.hi}{.u32|.s32}                                d, a, b
//   mad24{.lo|.hi}{.u32|.s32}, mad24.hi.sat.s32              d, a, b, c
//   sad T (d = c + |a - b|)                                  d, a, b, c
//   div T, rem T (a zero divisor gives an unspecified value) d, a, b
//   {min|max} T, {min|max}{.u16x2|.s16x2}, {min|max}.relu{.s16x2|.s32} (sm_90)   d, a, b
//   {abs|neg}{.s16|.s32|.s64}                                d, a
// The floating-point lines of add, sub, mul, div, min, max, abs and neg are
// ptx/arith.hpp's: the type token tells them apart (ptxdesc::integer_typed).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxint {

struct family : ptxemit::mixed_register_family<family> {
  static constexpr const char* name = "integer";

  /// The sources of opcode t (0: not the family's); `typed`: the opcode is
  /// the family's only with an integer type token (the others are
  /// floating-point ones too).
  TIRX_HD static constexpr int sources_of(const ptxdesc::Tokens& t) {
    struct O {
      const char* n;
      int srcs;
      bool typed;
    };
    constexpr O ops[] = {{"add", 2, true},    {"sub", 2, true},    {"mul", 2, true},
                         {"div", 2, true},    {"min", 2, true},    {"max", 2, true},
                         {"abs", 1, true},    {"neg", 1, true},    {"mad", 3, false},
                         {"mul24", 2, false}, {"mad24", 3, false}, {"sad", 3, false},
                         {"rem", 2, false}};
    for (const O& o : ops)
      if (t.is(0, o.n))
        return !o.typed || ptxdesc::integer_typed(t) ? o.srcs : 0;
    return 0;
  }
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return sources_of(t) > 0; }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    const bool wide = t.has("wide");
    d.src = Operand{Role::reg, Space::none, bits, raw_class(bits)};
    d.dst =
        Operand{Role::reg, Space::none, wide ? 2 * bits : bits, raw_class(wide ? 2 * bits : bits)};
    d.src_kind = ty ? type_kind(t, ty) : TypeKind::none;
    d.min_srcs = d.max_srcs = sources_of(t);
    if (wide && d.max_srcs == 3)
      d.src_bits[2] = 2 * bits; // mad.wide: c is as wide as d
    d.parsed = ty != 0;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/classes.inc>
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/int_arith.def>
#include <tirx/ptx/rows/forms_end.inc>
#include <tirx/ptx/rows/classes_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/classes.inc>
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/int_arith.def>
#include <tirx/ptx/rows/report_end.inc>
#include <tirx/ptx/rows/classes_end.inc>
  }

  // d = op(a0, ...): the row of S with NS sources
#define TIRX_MIXED_ROWS <tirx/ptx/rows/int_arith.def>
#define TIRX_MIXED_WHAT "integer"
#include <tirx/ptx/rows/emit_mixed_fn.inc>
};

} // namespace tirx::ptxint
