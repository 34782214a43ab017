// Two lane-mask families without a data operand. elect.sync (sm_90),
// warp-collective: one lane of membermask is elected (every lane of it
// executes the instruction); activemask, one thread's: the lanes of its
// warp executing it. Spellings (ptx/rows/elect.def):
//   elect.sync       d, p, membermask   (d|p: d the elected lane's number in
//                                        every lane, p a bool, true in the
//                                        elected lane and false in the others)
//   activemask.b32   d
// CCCL 3.0 (CUDA 13.0) has neither in cuda::ptx: they are asm here.
// tirx::elect_sync (exec/specialize.hpp) is the plain function for one lane
// of a warp.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxelect {

struct family {
  static constexpr const char* name = "elect.sync";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "elect"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    d.dst = d.src = Operand{Role::reg, Space::none, 32, 'r'};
    d.dst2 = pred_operand;
    d.src_kind = TypeKind::bits;
    d.min_srcs = d.max_srcs = 2;
    d.lanes = 32;
    d.guards = false;
    d.parsed = t.n == 2 && t.is(1, "sync");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/elect.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/elect.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, ptxemit::Guard G, class D, class P, class M>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue&, D& d, P& p, const M& m) {
    static_assert(ptxemit::same<S>("elect.sync"), "tirx::ptx: unsupported elect.sync spelling");
    TIRX_CHECK_MEMBERS("elect.sync", m.r[0]);
    asm volatile("{\n\t.reg .pred P1;\n\telect.sync %0|P1, %2;\n\tselp.u32 %1, 1, 0, P1;\n\t}"
                 : "=r"(d.r[0]), "=r"(p.r[0])
                 : "r"(m.r[0]));
  }
#endif
};

/// activemask.b32: a thread's instruction (any scope), no sources.
struct activemask_family {
  static constexpr const char* name = "activemask";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "activemask"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    d.dst = d.src = Operand{Role::reg, Space::none, 32, 'r'};
    d.parsed = t.n == 2 && t.is(1, "b32");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/activemask.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/activemask.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, ptxemit::Guard G, class D>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue&, D& d) {
    static_assert(ptxemit::same<S>("activemask.b32"), "tirx::ptx: unsupported activemask spelling");
    asm volatile("activemask.b32 %0;" : "=r"(d.r[0]));
  }
#endif
};

} // namespace tirx::ptxelect
