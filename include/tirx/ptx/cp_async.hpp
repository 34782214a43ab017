// The cp.async family: two memory operands, a shared destination and a
// global source, one 16-byte chunk per repeat (atom: 16 bytes of the
// operands' element type, e.g. (4,) floats or (8,) halves), issued
// asynchronously: the data is in shared memory only after
// cp_async_commit_group() and cp_async_wait_group<N>() (or
// cp_async_wait_all()), and a barrier for other threads' chunks. apply adds
// none of these. Spellings (ptx/rows/cp_async.def):
//   cp.async{.ca|.cg}.shared.global[.L2::64B|.L2::128B|.L2::256B]    [dst], [src], 16
// (4- and 8-byte .ca chunks, src-size zero fill and cache hints are not
// here yet.)
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxcpasync {

struct family {
  static constexpr const char* name = "cp.async";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "cp") && t.is(1, "async");
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    d.dst = Operand{Role::mem, Space::shared, 0, 'r'};
    d.src = Operand{Role::mem, Space::global, 0, 'l'};
    d.atom_bytes = 16;
    d.min_srcs = d.max_srcs = 1;
    d.guards = false;
    d.parsed = t.n >= 5 && t.is(3, "shared") && t.is(4, "global");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/cp_async.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/cp_async.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// [d] <- [x], 16 bytes.
  template <fixed_string S, ptxemit::Guard G, class D, class X>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue&, const D& d, const X& x) {
    const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(d.p));
    const unsigned long long src = reinterpret_cast<unsigned long long>(x.p);
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (ptxemit::same<S>(SP))                                                              \
    asm volatile(SP " [%0+%2], [%1+%3], 16;" ::DC(dst), SC(src), "n"(D::imm), "n"(X::imm)          \
                 : "memory");                                                                      \
  else
#include <tirx/ptx/rows/cp_async.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported cp.async spelling");
#undef TIRX_ROW
  }
#endif
};

} // namespace tirx::ptxcpasync

namespace tirx {
#if defined(__CUDACC__)
/// cp.async.commit_group: the calling thread's cp.async since the last
/// commit form one group.
__device__ TIRX_FORCEINLINE void cp_async_commit_group() {
  asm volatile("cp.async.commit_group;" ::: "memory");
}
/// cp.async.wait_group N: wait until at most N of the calling thread's
/// groups are pending.
template <int N> __device__ TIRX_FORCEINLINE void cp_async_wait_group() {
  static_assert(N >= 0 && N < 64, "tirx::cp_async_wait_group: N must lie in [0, 64)");
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}
/// cp.async.wait_all: wait for every cp.async of the calling thread.
__device__ TIRX_FORCEINLINE void cp_async_wait_all() {
  asm volatile("cp.async.wait_all;" ::: "memory");
}
#endif
} // namespace tirx
