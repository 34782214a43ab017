// The mov family: a bit copy inside one thread, atom (1,); a scalar source
// broadcasts to every repeat. Spellings (rows: ptx/rows/mov.def):
// mov.b16 mov.u16 mov.b32 mov.u32 mov.f32 mov.b64 mov.u64 mov.b128 (sm_70, PTX 8.3)
// The .bN forms also pack and unpack (Desc::reg_vectors): an operand of
// narrower elements is a brace vector, element 0 in the low bits:
//   mov.b32 d, {a, b} (16-bit a, b)   mov.b64 d, {a, b} (32-bit)   mov.b64 d, {a, b, c, e} (16-bit)
//   mov.b128 d, {a, b} (64-bit)       mov.b128 d, {a, b, c, e} (32-bit)   and each unpacked,
//   mov.b64 {a, b}, d. At most one side is a vector.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxmov {

struct family {
  static constexpr const char* name = "mov";

  /// mov.pred is the predicate-logic family's (ptx/pred_logic.hpp).
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "mov") && !t.is(1, "pred");
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    const TypeKind kind = ty ? type_kind(t, ty) : TypeKind::none;
    const char cls = kind == TypeKind::floating && bits == 32 ? 'f' : raw_class(bits);
    d.dst = d.src = Operand{Role::reg, Space::none, bits, cls};
    d.src_kind = kind;
    d.min_srcs = d.max_srcs = 1;
    d.parsed = ty != 0;
    d.reg_vectors = kind == TypeKind::bits;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/mov.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/mov.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// One register to one register (emit), or a brace vector on one side:
  /// the registers' classes and count name the form.
  template <fixed_string S, ptxemit::Guard G, class D, class X>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue& is, D& d, const X& x) {
    if constexpr (G != ptxemit::Guard::none)
      if (!is.on)
        return;
    constexpr char dc = D::reg_class, xc = X::reg_class;
    if constexpr (D::size > 1 && X::size > 1) {
      static_assert(D::size == 1 || X::size == 1,
                    "tirx::tile::apply: mov: both operands are register vectors ({a, b}); PTX "
                    "packs a vector into one register or unpacks one: give one side elements of "
                    "the type's width");
    } else if constexpr (D::size == 1 && X::size == 1) {
      const typename ptxemit::carrier<xc>::type s[] = {x.r[0]};
      emit<S>(d.r[0], s);
    } else if constexpr (dc == 'r' && xc == 'h') {
      asm("mov.b32 %0, {%1, %2};" : "=r"(d.r[0]) : "h"(x.r[0]), "h"(x.r[1]));
    } else if constexpr (dc == 'l' && xc == 'r') {
      asm("mov.b64 %0, {%1, %2};" : "=l"(d.r[0]) : "r"(x.r[0]), "r"(x.r[1]));
    } else if constexpr (dc == 'l' && xc == 'h') {
      asm("mov.b64 %0, {%1, %2, %3, %4};"
          : "=l"(d.r[0])
          : "h"(x.r[0]), "h"(x.r[1]), "h"(x.r[2]), "h"(x.r[3]));
    } else if constexpr (dc == 'q' && xc == 'l') {
      asm("mov.b128 %0, {%1, %2};" : "=q"(d.r[0]) : "l"(x.r[0]), "l"(x.r[1]));
    } else if constexpr (dc == 'q' && xc == 'r') {
      asm("mov.b128 %0, {%1, %2, %3, %4};"
          : "=q"(d.r[0])
          : "r"(x.r[0]), "r"(x.r[1]), "r"(x.r[2]), "r"(x.r[3]));
    } else if constexpr (dc == 'h' && xc == 'r') {
      asm("mov.b32 {%0, %1}, %2;" : "=h"(d.r[0]), "=h"(d.r[1]) : "r"(x.r[0]));
    } else if constexpr (dc == 'r' && xc == 'l') {
      asm("mov.b64 {%0, %1}, %2;" : "=r"(d.r[0]), "=r"(d.r[1]) : "l"(x.r[0]));
    } else if constexpr (dc == 'h' && xc == 'l') {
      asm("mov.b64 {%0, %1, %2, %3}, %4;"
          : "=h"(d.r[0]), "=h"(d.r[1]), "=h"(d.r[2]), "=h"(d.r[3])
          : "l"(x.r[0]));
    } else if constexpr (dc == 'l' && xc == 'q') {
      asm("mov.b128 {%0, %1}, %2;" : "=l"(d.r[0]), "=l"(d.r[1]) : "q"(x.r[0]));
    } else {
      static_assert(dc == 'r' && xc == 'q', "tirx::ptx: unsupported mov vector shape");
      asm("mov.b128 {%0, %1, %2, %3}, %4;"
          : "=r"(d.r[0]), "=r"(d.r[1]), "=r"(d.r[2]), "=r"(d.r[3])
          : "q"(x.r[0]));
    }
  }

  template <fixed_string S, class Dc, class Sc, int NS>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const Sc (&s)[NS]) {
#define TIRX_ASM_QUAL
#include <tirx/ptx/rows/emit_register.inc>
#include <tirx/ptx/rows/mov.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported mov spelling");
#include <tirx/ptx/rows/emit_register_end.inc>
  }

#endif
};

} // namespace tirx::ptxmov
