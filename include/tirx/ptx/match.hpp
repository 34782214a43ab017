// The match.sync family, warp-collective: which lanes of membermask hold
// the calling lane's value (every lane of membermask executes it). One
// register per lane, spanning the warp's 32 lanes (warp scope and wider),
// no tile::pred. Spellings (ptx/rows/match.def):
//   match.any.sync{.b32|.b64}   d, a, membermask
//   match.all.sync{.b32|.b64}   d, a, membermask
//   match.all.sync{.b32|.b64}   d, p, a, membermask   (d|p)
// d is a 32-bit lane mask whatever a's width; membermask is a 32-bit scalar
// (or, for .b32, a register tensor like a). any: d has the lanes whose a
// equals the calling lane's; all: d is membermask if every lane's a is the
// same, else 0, and the d|p form's p (a bool register tensor) is true or
// false with it.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxmatch {

struct family {
  static constexpr const char* name = "match.sync";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "match"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    d.dst = Operand{Role::reg, Space::none, 32, 'r'};
    d.dst2 = pred_operand;
    d.src = Operand{Role::reg, Space::none, bits, raw_class(bits)};
    d.src_kind = TypeKind::bits;
    d.scalar_bits = 32; // the member mask
    d.min_srcs = 2;
    d.max_srcs = 3;
    d.lanes = 32;
    d.guards = false;
    d.parsed = ty != 0 && t.is(2, "sync");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/match.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/match.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// d, then (the d|p forms) p, then a and membermask.
  template <fixed_string S, ptxemit::Guard G, class D, class... X>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue&, D& d, X&&... x) {
    constexpr int NS = static_cast<int>(sizeof...(X));
    const auto& a = ptxemit::nth<NS - 2>(x...);
    const unsigned m = static_cast<unsigned>(ptxemit::last(x...).r[0]);
    TIRX_CHECK_MEMBERS("match.sync", m);
    constexpr bool wide = sizeof(a.r[0]) == 8;
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (NSRC == NS && ::tirx::ptxemit::same<S>(SP)) {                                      \
    TIRX_MATCH_ASM_##NSRC(SP)                                                                      \
  } else
#define TIRX_MATCH_ASM_2(SP)                                                                       \
  if constexpr (wide)                                                                              \
    asm volatile(SP " %0, %1, %2;" : "=r"(d.r[0]) : "l"(a.r[0]), "r"(m));                          \
  else                                                                                             \
    asm volatile(SP " %0, %1, %2;" : "=r"(d.r[0]) : "r"(a.r[0]), "r"(m));
#define TIRX_MATCH_ASM_3(SP)                                                                       \
  unsigned p = 0;                                                                                  \
  if constexpr (wide)                                                                              \
    asm volatile("{\n\t.reg .pred P1;\n\t" SP " %0|P1, %2, %3;\n\tselp.u32 %1, 1, 0, P1;\n\t}"     \
                 : "=r"(d.r[0]), "=r"(p)                                                           \
                 : "l"(a.r[0]), "r"(m));                                                           \
  else                                                                                             \
    asm volatile("{\n\t.reg .pred P1;\n\t" SP " %0|P1, %2, %3;\n\tselp.u32 %1, 1, 0, P1;\n\t}"     \
                 : "=r"(d.r[0]), "=r"(p)                                                           \
                 : "r"(a.r[0]), "r"(m));                                                           \
  ptxemit::first(x...).r[0] = p;
#include <tirx/ptx/rows/match.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported match.sync spelling");
#undef TIRX_ROW
#undef TIRX_MATCH_ASM_2
#undef TIRX_MATCH_ASM_3
  }
#endif
};

} // namespace tirx::ptxmatch
