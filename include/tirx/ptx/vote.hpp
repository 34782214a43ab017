// The vote.sync family, warp-collective: a predicate voted over the lanes
// of membermask (every one of them executes it). One register per lane,
// spanning the warp's 32 lanes (a scope with the lanes as group modes: warp
// and wider), no tile::pred. Spellings (ptx/rows/vote.def):
//   vote.sync{.all|.any|.uni}.pred   d, a, membermask
//   vote.sync.ballot.b32             d, a, membermask
// a, and the d of the .pred forms, are predicates: bool tensors or scalars
// (Operand::pred, carried as 0 or 1; the asm converts).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxvote {

struct family {
  static constexpr const char* name = "vote.sync";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "vote"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    d.dst = d.src = Operand{Role::reg, Space::none, 32, 'r'};
    if (t.is(t.n - 1, "pred"))
      d.dst = pred_operand;
    d.alt_mask = 1u; // a
    d.alt = pred_operand;
    d.src_kind = TypeKind::bits;
    d.min_srcs = d.max_srcs = 2;
    d.lanes = 32;
    d.guards = false;
    d.parsed = ty != 0 && t.is(1, "sync");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/vote.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/vote.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, ptxemit::Guard G, class D, class A, class M>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue&, D& d, const A& a,
                                                const M& m) {
    TIRX_CHECK_MEMBERS("vote.sync", m.r[0]);
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (::tirx::ptxemit::same<S>(SP)) {                                                    \
    if constexpr (SP[sizeof(SP) - 2] == 'd') /* .pred: d from a predicate */                       \
      asm volatile("{\n\t.reg .pred P1, P2;\n\tsetp.ne.u32 P1, %1, 0;\n\t" SP                      \
                   " P2, P1, %2;\n\tselp.u32 %0, 1, 0, P2;\n\t}"                                   \
                   : "=r"(d.r[0])                                                                  \
                   : "r"(a.r[0]), "r"(m.r[0]));                                                    \
    else                                                                                           \
      asm volatile("{\n\t.reg .pred P1;\n\tsetp.ne.u32 P1, %1, 0;\n\t" SP " %0, P1, %2;\n\t}"      \
                   : "=r"(d.r[0])                                                                  \
                   : "r"(a.r[0]), "r"(m.r[0]));                                                    \
  } else
#include <tirx/ptx/rows/vote.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported vote.sync spelling");
#undef TIRX_ROW
  }
#endif
};

} // namespace tirx::ptxvote
