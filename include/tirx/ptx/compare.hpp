// The compare-and-select family: setp, set, selp and slct, one thread's
// instruction on one element per operand (atom (1,)). Predicates are bool
// operands (Operand::pred in ptx/desc.hpp: 0 or 1 in a 32-bit carrier,
// turned into a .pred inside the asm block). Spellings, by row file
// (ptx/rows/), sources in apply's order:
//   setp.def  setp.CmpOp[.BoolOp][.ftz].type   p, [q,] a, b [, c]
//             p = a CmpOp b [BoolOp c]; q (optional: PTX's p|q) =
//             !(a CmpOp b) [BoolOp c]. Types b16 b32 b64 (eq ne), s16 s32 s64
//             (eq ne lt le gt ge), u16 u32 u64 (and lo ls hi hs), f32 (.ftz)
//             f64 f16 (.ftz) bf16 (sm_90) (and equ neu ltu leu gtu geu num
//             nan); f16x2 (.ftz) and bf16x2 (sm_90) always write p|q, p from
//             the low halves, q from the high ones.
//   set.def   set.CmpOp[.BoolOp][.ftz].dtype.stype  d, a, b [, c]
//             d = 0xffffffff (.u32, .s32) or 1.0f (.f32) where true, else 0
//   set_half.def  the same with a half type as dtype or stype (9.7.8.1):
//             1.0/0.0 in .f16/.bf16, 0xffff/0 in .u16/.s16; a packed
//             source compares per half (1.0 or 0xffff per half of d)
//   selp.def  selp.type d, a, b, c    d = c ? a : b (c a bool)
//             slct[.ftz].dtype.{s32|f32} d, a, b, c   d = c >= 0 ? a : b
// BoolOp is and, or, xor; c is a bool (PTX's {!}c negation: negate the bool).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxcmp {

struct family {
  static constexpr const char* name = "compare/select";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "setp") || t.is(0, "set") || t.is(0, "selp") || t.is(0, "slct");
  }

  /// A value operand of type token k: f32 in "f", f64 in "d", the rest raw.
  TIRX_HD static constexpr ptxdesc::Operand value(const ptxdesc::Tokens& t, int k) {
    using namespace ptxdesc;
    const int bits = type_bits(t, k);
    const TypeKind kind = type_kind(t, k);
    const char cls = kind == TypeKind::floating && bits == 32   ? 'f'
                     : kind == TypeKind::floating && bits == 64 ? 'd'
                                                                : raw_class(bits);
    return Operand{Role::reg, Space::none, bits, cls};
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const bool boolop = t.is(2, "and") || t.is(2, "or") || t.is(2, "xor");
    const bool two_types = t.is(0, "set") || t.is(0, "slct"); // dtype.stype, dtype.ctype
    const int vt = two_types ? ty - 1 : ty;                   // the values' type token
    d.parsed = ty != 0 && (!two_types || type_bits(t, vt) > 0);
    if (!d.parsed)
      return d;
    d.src = value(t, vt);
    d.src_kind = type_kind(t, vt);
    d.dst = d.src;
    d.min_srcs = d.max_srcs = 3;
    d.alt_mask = 1u << 2; // c
    d.alt = pred_operand;
    if (t.is(0, "setp") || t.is(0, "set")) {
      d.src = value(t, ty);
      d.src_kind = type_kind(t, ty);
      d.min_srcs = d.max_srcs = boolop ? 3 : 2;
      d.alt_mask = boolop ? 1u << 2 : 0u;
    }
    if (t.is(0, "setp")) {
      // p, then q (optional; always for the packed pairs), then a, b [, c]
      d.dst = d.dst2 = pred_operand;
      d.min_srcs += type_kind(t, ty) == TypeKind::packed ? 1 : 0;
      d.max_srcs += 1;
    } else if (t.is(0, "slct")) {
      d.alt = value(t, ty);
      d.alt_kind = type_kind(t, ty);
    }
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/setp.def>
#include <tirx/ptx/rows/set.def>
#include <tirx/ptx/rows/set_half.def>
#include <tirx/ptx/rows/selp.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/setp.def>
#include <tirx/ptx/rows/set.def>
#include <tirx/ptx/rows/set_half.def>
#include <tirx/ptx/rows/selp.def>
#include <tirx/ptx/rows/report_end.inc>
  }

  /// Whether token k of spelling S is w (w without its leading '.').
  template <fixed_string S> TIRX_HD static constexpr bool token_is(int k, const char* w) {
    return ptxemit::tokens_v<S>.is(k, w[0] == '.' ? w + 1 : w);
  }
  template <fixed_string S> TIRX_HD static constexpr bool last_is(const char* w) {
    return token_is<S>(ptxemit::tokens_v<S>.n - 1, w);
  }

  /// Whether set spelling S is a half-precision one (PTX ISA 9.7.8.1: a
  /// half type, scalar or packed, as its destination or its source type).
  template <fixed_string S> TIRX_HD static constexpr bool half_set() {
    const auto& t = ptxemit::tokens_v<S>;
    const auto half = [&](int k) {
      return t.is(k, "f16") || t.is(k, "bf16") || t.is(k, "f16x2") || t.is(k, "bf16x2");
    };
    return half(t.n - 1) || half(t.n - 2);
  }

#if defined(__CUDACC__)
  // The emitters of emit below, one per row file: an instantiation walks only
  // its own rows' if-constexpr chain (the compiler processes a function's
  // whole body, discarded branches too, for every spelling it instantiates).
#define TIRX_CMP_CASE(CMP, ROWS, T, C, SM, PTX, FTZ)                                               \
  if constexpr (token_is<S>(1, CMP)) {                                                             \
    ROWS(CMP, T, C, SM, PTX, FTZ) TIRX_CMP_MISS                                                    \
  } else
#define TIRX_CMP_MISS                                                                              \
  { static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported compare/select spelling"); }
#define TIRX_P_IN "\n\t.reg .pred p, q, c;\n\tsetp.ne.b32 c, "
#define TIRX_P_OUT(P, R) "\n\tselp.u32 " R ", 1, 0, " P ";"
#define TIRX_SEL_0(SP, DC, C) asm(SP " %0, %1, %2;" : "=" DC(d) : C(a), C(b));
#define TIRX_SEL_1(SP, DC, C)                                                                      \
  asm("{\n\t.reg .pred c;\n\tsetp.ne.b32 c, %3, 0;\n\t" SP " %0, %1, %2, c;\n\t}"                  \
      : "=" DC(d)                                                                                  \
      : C(a), C(b), "r"(c));
#define TIRX_SEL_2(SP, DC, C) asm(SP " %0, %1, %2, %3;" : "=" DC(d) : C(a), C(b), "r"(c));
#define TIRX_SEL_3(SP, DC, C) asm(SP " %0, %1, %2, %3;" : "=" DC(d) : C(a), C(b), "f"(c));
  template <fixed_string S, int NS, class D, class A, class Cc>
  __device__ TIRX_FORCEINLINE static void emit_setp(D& d, unsigned& q, const A& a, const A& b,
                                                    const Cc& c) {
#define TIRX_CMP_TYPE(T, CMPS, ROWS, C, SM, PTX, FTZ)                                              \
  if constexpr (last_is<S>(T)) {                                                                   \
    CMPS(TIRX_CMP_CASE, ROWS, T, C, SM, PTX, FTZ) TIRX_CMP_MISS                                    \
  } else
#define TIRX_CMP_ROW(SP, NSRC, NDST, K, SM, PTX, DC, C)                                            \
  if constexpr (NSRC == NS && ptxemit::same<S>(SP)) {                                              \
    TIRX_SETP_##NDST##K(SP, C)                                                                     \
  } else
#define TIRX_SETP_10(SP, C)                                                                        \
  asm("{\n\t.reg .pred p;\n\t" SP " p, %1, %2;" TIRX_P_OUT("p", "%0") "\n\t}"                      \
      : "=r"(d)                                                                                    \
      : C(a), C(b));
#define TIRX_SETP_20(SP, C)                                                                        \
  asm("{\n\t.reg .pred p, q;\n\t" SP " p|q, %2, %3;" TIRX_P_OUT("p", "%0")                         \
          TIRX_P_OUT("q", "%1") "\n\t}"                                                            \
      : "=r"(d), "=r"(q)                                                                           \
      : C(a), C(b));
#define TIRX_SETP_11(SP, C)                                                                        \
  asm("{" TIRX_P_IN "%3, 0;\n\t" SP " p, %1, %2, c;" TIRX_P_OUT("p", "%0") "\n\t}"                 \
      : "=r"(d)                                                                                    \
      : C(a), C(b), "r"(c));
#define TIRX_SETP_21(SP, C)                                                                        \
  asm("{" TIRX_P_IN "%4, 0;\n\t" SP " p|q, %2, %3, c;" TIRX_P_OUT("p", "%0")                       \
          TIRX_P_OUT("q", "%1") "\n\t}"                                                            \
      : "=r"(d), "=r"(q)                                                                           \
      : C(a), C(b), "r"(c));
#include <tirx/ptx/rows/setp.def>
    TIRX_CMP_MISS
#undef TIRX_SETP_10
#undef TIRX_SETP_20
#undef TIRX_SETP_11
#undef TIRX_SETP_21
  }
  template <fixed_string S, int NS, class D, class A, class Cc>
  __device__ TIRX_FORCEINLINE static void emit_set_half(D& d, unsigned& q, const A& a, const A& b,
                                                        const Cc& c) {
#include <tirx/ptx/rows/emit_compare_select.inc>
#include <tirx/ptx/rows/set_half.def>
    TIRX_CMP_MISS
  }
  template <fixed_string S, int NS, class D, class A, class Cc>
  __device__ TIRX_FORCEINLINE static void emit_set(D& d, unsigned& q, const A& a, const A& b,
                                                   const Cc& c) {
#include <tirx/ptx/rows/emit_compare_select.inc>
#include <tirx/ptx/rows/set.def>
    TIRX_CMP_MISS
  }
  template <fixed_string S, int NS, class D, class A, class Cc>
  __device__ TIRX_FORCEINLINE static void emit_select(D& d, unsigned& q, const A& a, const A& b,
                                                      const Cc& c) {
#include <tirx/ptx/rows/emit_compare_select.inc>
#include <tirx/ptx/rows/selp.def>
    TIRX_CMP_MISS
  }
#undef TIRX_CMP_CASE
#undef TIRX_CMP_MISS
#undef TIRX_P_IN
#undef TIRX_P_OUT
#undef TIRX_SEL_0
#undef TIRX_SEL_1
#undef TIRX_SEL_2
#undef TIRX_SEL_3

  /// One instruction: d (and q for p|q) from a, b and c (carriers). NS: the
  /// form's sources (a second destination counts).
  template <fixed_string S, int NS, class D, class A, class Cc>
  __device__ TIRX_FORCEINLINE static void emit(D& d, unsigned& q, const A& a, const A& b,
                                               const Cc& c) {
    if constexpr (token_is<S>(0, "setp"))
      emit_setp<S, NS>(d, q, a, b, c);
    else if constexpr (token_is<S>(0, "set") && half_set<S>())
      emit_set_half<S, NS>(d, q, a, b, c);
    else if constexpr (token_is<S>(0, "set"))
      emit_set<S, NS>(d, q, a, b, c);
    else
      emit_select<S, NS>(d, q, a, b, c);
  }

  /// apply's call: the destination, the second one (setp's q, where the form
  /// has it), then the sources' operand objects. Guarded off, nothing runs
  /// (apply keeps the old values).
  template <fixed_string S, ptxemit::Guard G, class D, class A, class B>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue& is, D& d, const A& a,
                                                const B& b) {
    if constexpr (G != ptxemit::Guard::none)
      if (!is.on)
        return;
    unsigned q = 0;
    emit<S, 2>(d.r[0], q, a.r[0], b.r[0], 0u);
  }
  template <fixed_string S, ptxemit::Guard G, class D, class X, class Y, class Z>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue& is, D& d, X&& x, const Y& y,
                                                const Z& z) {
    if constexpr (G != ptxemit::Guard::none)
      if (!is.on)
        return;
    // three operands: q, a, b (setp without a BoolOp) or a, b, c
    if constexpr (token_is<S>(0, "setp") &&
                  !(token_is<S>(2, "and") || token_is<S>(2, "or") || token_is<S>(2, "xor"))) {
      emit<S, 3>(d.r[0], x.r[0], y.r[0], z.r[0], 0u);
    } else {
      unsigned q = 0;
      emit<S, 3>(d.r[0], q, x.r[0], y.r[0], z.r[0]);
    }
  }
  template <fixed_string S, ptxemit::Guard G, class D, class Q, class A, class B, class C>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue& is, D& d, Q& q, const A& a,
                                                const B& b, const C& c) {
    if constexpr (G != ptxemit::Guard::none)
      if (!is.on)
        return;
    emit<S, 4>(d.r[0], q.r[0], a.r[0], b.r[0], c.r[0]);
  }
#endif
};

} // namespace tirx::ptxcmp
