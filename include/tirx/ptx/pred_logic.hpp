// The predicate-logic family: the .pred lines of and, or, xor, not and mov,
// and lop3's BoolOp form, one thread's instruction on one element per
// operand (atom (1,)). Every predicate is a bool operand (Operand::pred in
// ptx/desc.hpp: a bool tensor or a bool scalar, 0 or 1 in a 32-bit carrier,
// turned into a .pred inside the asm block). Spellings (ptx/rows/pred_logic.def),
// operands in apply's order:
//   {and|or|xor}.pred            d, a, b       d = a op b
//   not.pred                     d, a          d = !a
//   mov.pred                     d, a          d = a
//   lop3.{or|and}.b32 (sm_70, PTX 8.2)   d, p, a, b, c, tile::imm<LUT>, q
//       d = LUT(a, b, c) bit by bit (as lop3.b32), p = (d != 0) BoolOp q;
//       d a 32-bit register, p and q bools (PTX's d|p). PTX's `_|p` form (no
//       d) is not a form here: write d and ignore it.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxplogic {

struct family {
  static constexpr const char* name = "predicate-logic";

  TIRX_HD static constexpr bool lop3_boolop(const ptxdesc::Tokens& t) {
    return t.is(0, "lop3") && (t.is(1, "or") || t.is(1, "and") || t.is(1, "xor"));
  }
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    const bool logic =
        t.is(0, "and") || t.is(0, "or") || t.is(0, "xor") || t.is(0, "not") || t.is(0, "mov");
    return (logic && t.is(1, "pred")) || lop3_boolop(t);
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    if (lop3_boolop(t)) {
      // d, p (the second destination), a, b, c, the LUT, q
      d.dst = d.src = Operand{Role::reg, Space::none, 32, 'r'};
      d.src_kind = TypeKind::bits;
      d.dst2 = pred_operand;
      d.min_srcs = d.max_srcs = 6;
      d.imm_src = 3; // the LUT: one byte, written into the instruction
      d.imm_limit = 256;
      d.alt_mask = 1u << 4; // q
      d.alt = pred_operand;
      d.parsed = t.n == 3 && t.is(2, "b32");
      return d;
    }
    d.dst = d.src = pred_operand;
    d.min_srcs = d.max_srcs = t.is(0, "not") || t.is(0, "mov") ? 1 : 2;
    d.parsed = t.n == 2;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/pred_logic.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/pred_logic.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
#define TIRX_PL_IN(P, N) "\n\tsetp.ne.b32 " P ", %" #N ", 0;"
#define TIRX_PL_OUT(P, N) "\n\tselp.u32 %" #N ", 1, 0, " P ";\n\t}"
  /// d = op(a [, b]) on predicates (0/1 carriers).
  template <fixed_string S>
  __device__ TIRX_FORCEINLINE static void emit(unsigned& d, unsigned a, unsigned b = 0) {
    if constexpr (ptxemit::same<S>("not.pred")) {
      asm("{\n\t.reg .pred pa, pd;" TIRX_PL_IN("pa", 1) "\n\tnot.pred pd, pa;" TIRX_PL_OUT("pd", 0)
          : "=r"(d)
          : "r"(a));
      (void)b;
    } else if constexpr (ptxemit::same<S>("mov.pred")) {
      asm("{\n\t.reg .pred pa, pd;" TIRX_PL_IN("pa", 1) "\n\tmov.pred pd, pa;" TIRX_PL_OUT("pd", 0)
          : "=r"(d)
          : "r"(a));
      (void)b;
    } else if constexpr (ptxemit::same<S>("and.pred")) {
      asm("{\n\t.reg .pred pa, pb, pd;" TIRX_PL_IN("pa", 1)
              TIRX_PL_IN("pb", 2) "\n\tand.pred pd, pa, pb;" TIRX_PL_OUT("pd", 0)
          : "=r"(d)
          : "r"(a), "r"(b));
    } else if constexpr (ptxemit::same<S>("or.pred")) {
      asm("{\n\t.reg .pred pa, pb, pd;" TIRX_PL_IN("pa", 1)
              TIRX_PL_IN("pb", 2) "\n\tor.pred pd, pa, pb;" TIRX_PL_OUT("pd", 0)
          : "=r"(d)
          : "r"(a), "r"(b));
    } else if constexpr (ptxemit::same<S>("xor.pred")) {
      asm("{\n\t.reg .pred pa, pb, pd;" TIRX_PL_IN("pa", 1)
              TIRX_PL_IN("pb", 2) "\n\txor.pred pd, pa, pb;" TIRX_PL_OUT("pd", 0)
          : "=r"(d)
          : "r"(a), "r"(b));
    } else {
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported predicate-logic spelling");
    }
  }
  /// lop3.BoolOp.b32 d|p, a, b, c, Lut, q.
  template <fixed_string S, int Lut>
  __device__ TIRX_FORCEINLINE static void emit_lop3(unsigned& d, unsigned& p, unsigned a,
                                                    unsigned b, unsigned c, unsigned q) {
#define TIRX_PL_LOP3(SP)                                                                           \
  asm("{\n\t.reg .pred pp, pq;" TIRX_PL_IN(                                                        \
          "pq", 6) "\n\t" SP " %0|pp, %2, %3, %4, %5, pq;" TIRX_PL_OUT("pp", 1)                    \
      : "=r"(d), "=r"(p)                                                                           \
      : "r"(a), "r"(b), "r"(c), "n"(Lut), "r"(q));
    if constexpr (ptxemit::same<S>("lop3.or.b32")) {
      TIRX_PL_LOP3("lop3.or.b32")
    } else if constexpr (ptxemit::same<S>("lop3.and.b32")) {
      TIRX_PL_LOP3("lop3.and.b32")
    } else {
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported predicate-logic spelling");
    }
#undef TIRX_PL_LOP3
  }
#undef TIRX_PL_IN
#undef TIRX_PL_OUT

  /// apply's call: the destination, then the sources' operand objects (for
  /// lop3: d, p, a, b, c, the LUT, q). Guarded off, nothing runs.
  template <fixed_string S, ptxemit::Guard G, class D, class X0, class... X>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue& is, D& d, X0&& x0,
                                                const X&... x) {
    if constexpr (G != ptxemit::Guard::none)
      if (!is.on)
        return;
    if constexpr (sizeof...(X) == 5) { // x0: p; then a, b, c, the LUT, q
      [&](const auto& a, const auto& b, const auto& c, const auto& lut, const auto& q) {
        constexpr int lut_value = static_cast<int>(cuda::std::remove_cvref_t<decltype(lut)>::value);
        emit_lop3<S, lut_value>(d.r[0], x0.r[0], a.r[0], b.r[0], c.r[0], q.r[0]);
      }(x...);
    } else {
      emit<S>(d.r[0], x0.r[0], x.r[0]...);
    }
  }
#endif
};

} // namespace tirx::ptxplogic
