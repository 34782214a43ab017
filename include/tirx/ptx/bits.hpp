// The bits-and-logic family: one register in, one out per source (atom
// (1,)), in TIRx's spellings (PTX ISA 9.7.1.15-25, 9.7.9, 9.7.10.7). Each
// source has its own width: shift amounts, bit positions and lengths are
// 32-bit whatever the type, popc/clz/bfind write a 32-bit count, and lop3's
// LUT is an immediate, tile::imm<V> (0 <= V < 256). Spellings
// (ptx/rows/bits.def; {a|b}: a or b; B: .b16 .b32 .b64):
//   {and|or|xor} B                                   d, a, b
//   {not|cnot} B                                     d, a
//   lop3.b32                                         d, a, b, c, tile::imm<LUT>
//   shl B, shr{B|.u16|.s16|.u32|.s32|.u64|.s64}      d, a, shift (u32)
//   shf{.l|.r}{.clamp|.wrap}.b32                     d, a (low), b (high), shift
//   bfe{.u32|.s32|.u64|.s64}                         d, a, pos (u32), len (u32)
//   bfi{.b32|.b64}                                   d, a (field), b (base), pos, len
//   brev{.b32|.b64}  {popc|clz}{.b32|.b64}  bfind[.shiftamt]{.u32|.s32|.u64|.s64}   d, a
//   fns.b32                                          d, mask, base, offset
//   bmsk{.clamp|.wrap}.b32 (sm_70)                   d, pos, width
//   szext{.clamp|.wrap}{.u32|.s32} (sm_70)           d, a, width
//   prmt.b32[.f4e|.b4e|.rc8|.ecl|.ecr|.rc16]         d, a, b, selector
//   dp4a{.u32|.s32}{.u32|.s32}, dp2a{.lo|.hi}{.u32|.s32}{.u32|.s32} (sm_61)   d, a, b, c
// The .pred lines of and/or/xor/not and lop3's BoolOp form are the
// predicate-logic family's (ptx/pred_logic.hpp).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxbits {

struct family : ptxemit::mixed_register_family<family> {
  static constexpr const char* name = "bits";

  /// What opcode t takes: sources, the first 32-bit source when the type is
  /// wider (-1: none; the rest from there on are 32-bit too), whether the
  /// destination is a 32-bit count.
  struct Op {
    const char* n;
    int srcs;
    int narrow_from;
    bool count;
  };
  TIRX_HD static constexpr Op op_of(const ptxdesc::Tokens& t) {
    constexpr Op ops[] = {{"and", 2, -1, false},  {"or", 2, -1, false},   {"xor", 2, -1, false},
                          {"not", 1, -1, false},  {"cnot", 1, -1, false}, {"lop3", 4, -1, false},
                          {"shl", 2, 1, false},   {"shr", 2, 1, false},   {"shf", 3, -1, false},
                          {"bfe", 3, 1, false},   {"bfi", 4, 2, false},   {"brev", 1, -1, false},
                          {"popc", 1, -1, true},  {"clz", 1, -1, true},   {"bfind", 1, -1, true},
                          {"fns", 3, -1, false},  {"bmsk", 2, -1, false}, {"szext", 2, -1, false},
                          {"prmt", 3, -1, false}, {"dp4a", 3, -1, false}, {"dp2a", 3, -1, false}};
    for (const Op& o : ops)
      if (t.is(0, o.n))
        return o;
    return Op{nullptr, 0, -1, false};
  }
  /// The .pred lines and lop3's BoolOp form are the predicate-logic family's.
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    const bool boolop = t.is(0, "lop3") && (t.is(1, "or") || t.is(1, "and") || t.is(1, "xor"));
    return op_of(t).srcs > 0 && !t.is(1, "pred") && !boolop;
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const Op o = op_of(t);
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    d.src = Operand{Role::reg, Space::none, bits, raw_class(bits)};
    d.dst = o.count ? Operand{Role::reg, Space::none, 32, 'r'} : d.src;
    d.src_kind = ty ? type_kind(t, ty) : TypeKind::none;
    d.min_srcs = d.max_srcs = o.srcs;
    for (int k = o.narrow_from; k >= 0 && k < o.srcs; ++k)
      d.src_bits[k] = 32;
    if (t.is(0, "lop3")) {
      d.imm_src = 3; // the LUT: one byte, written into the instruction
      d.imm_limit = 256;
    }
    d.parsed = ty != 0;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/classes.inc>
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/bits.def>
#include <tirx/ptx/rows/forms_end.inc>
#include <tirx/ptx/rows/classes_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/classes.inc>
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/bits.def>
#include <tirx/ptx/rows/report_end.inc>
#include <tirx/ptx/rows/classes_end.inc>
  }

  // d = op(a0, ...): the row of S with NS sources
#define TIRX_MIXED_ROWS <tirx/ptx/rows/bits.def>
#define TIRX_MIXED_WHAT "bits"
#include <tirx/ptx/rows/emit_mixed_fn.inc>
};

} // namespace tirx::ptxbits
