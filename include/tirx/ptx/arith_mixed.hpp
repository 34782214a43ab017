// The mixed-precision arithmetic family (PTX ISA 9.7.5; sm_100, PTX 8.6):
// f32 arithmetic whose 16-bit sources (f16 or bf16) are converted to f32
// exactly first, so d is an f32 register and the 16-bit operands are "h"
// registers. One register in, one out per source (atom (1,)); the sources'
// widths differ (Desc::src_bits). Spellings (ptx/rows/f32_mixed.def; [a|b]:
// a, b or nothing; {a|b}: a or b):
//   {add|sub}[.rn|.rz|.rm|.rp][.sat].f32{.f16|.bf16}   d, a, c     (a 16-bit, c f32)
//   fma{.rn|.rz|.rm|.rp}[.sat].f32{.f16|.bf16}         d, a, b, c  (a, b 16-bit, c f32)
// The same-precision lines (add.f32, fma.rn.f16, ...) are ptx/arith.hpp's:
// two type tokens at the end tell this family's apart.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxmixed {

/// Whether the spelling ends in two type tokens (.f32.f16): a mixed-precision form.
TIRX_HD constexpr bool mixed_typed(const ptxdesc::Tokens& t) {
  return t.n >= 3 && ptxdesc::type_bits(t, t.n - 1) > 0 && ptxdesc::type_bits(t, t.n - 2) > 0;
}

struct family : ptxemit::mixed_register_family<family> {
  static constexpr const char* name = "mixed-precision";

  /// The sources of opcode t (mul has no mixed line, but the family claims it, so that
  /// mul.f32.f16 is reported with the family's closest form).
  TIRX_HD static constexpr int sources_of(const ptxdesc::Tokens& t) {
    return t.is(0, "fma") ? 3 : t.is(0, "add") || t.is(0, "sub") || t.is(0, "mul") ? 2 : 0;
  }
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return sources_of(t) > 0 && mixed_typed(t) && !ptxdesc::integer_typed(t);
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int narrow = type_bits(t, t.n - 1);
    d.dst = Operand{Role::reg, Space::none, type_bits(t, t.n - 2), 'f'};
    d.src = Operand{Role::reg, Space::none, narrow, raw_class(narrow)};
    d.src_kind = type_kind(t, t.n - 1);
    d.min_srcs = d.max_srcs = sources_of(t);
    d.src_bits[d.max_srcs - 1] = 32; // the f32 addend c
    d.parsed = narrow == 16 && type_kind(t, t.n - 1) == TypeKind::floating;
    d.rule = t.has("ftz") ? 1 : !t.is(t.n - 2, "f32") ? 2 : 0;
    return d;
  }

  template <int R> TIRX_HD static constexpr void rule() {
    static_assert(R != 1, "tirx::tile::apply: the mixed-precision forms (add/sub/fma .f32.f16 and "
                          ".f32.bf16) take no .ftz; drop it, e.g. \"fma.rn.f32.f16\"");
    static_assert(R != 2, "tirx::tile::apply: a mixed-precision form computes in f32: its types "
                          "are .f32 then the 16-bit source's (.f16 or .bf16), e.g. "
                          "\"add.rn.f32.bf16\"; write .f32 first");
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/classes.inc>
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/f32_mixed.def>
#include <tirx/ptx/rows/forms_end.inc>
#include <tirx/ptx/rows/classes_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/classes.inc>
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/f32_mixed.def>
#include <tirx/ptx/rows/report_end.inc>
#include <tirx/ptx/rows/classes_end.inc>
  }

#if defined(__CUDACC__)
  /// d = op(a0, ...): the row of S with NS sources.
  template <fixed_string S, int NS, class Dc, class A0, class A1, class A2 = float>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const A0& a0, const A1& a1,
                                               const A2& a2 = A2{}) {
#define TIRX_ASM_QUAL
#include <tirx/ptx/rows/emit_mixed.inc>
#include <tirx/ptx/rows/f32_mixed.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported mixed-precision spelling");
#include <tirx/ptx/rows/emit_mixed_end.inc>
    (void)a0, (void)a1, (void)a2;
  }
#endif
};

} // namespace tirx::ptxmixed
