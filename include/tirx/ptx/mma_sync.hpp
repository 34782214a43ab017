// The mma.sync family (warp, whole operands): one warp computes
// D = A B + C on register fragments, synchronously.
//   tile::apply<ptx<"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32">>(d, a, b, c,
//   scope::warp);
// a (16, K), b (8, K) (B transposed: column n of B is row n of b) and c, d
// (16, 8) are local tensors with the fragment layouts of
// ptx/matrix_layout.hpp, element types those the spelling names (tf32 is
// float); d may be c. Forms (ptx/rows/mma_sync.def): f16 m16n8k8 and k16
// into f16 or f32, bf16 k8 and k16, tf32 k4 and k8 into f32, s8/u8 k16 and
// k32 into s32 ([.satfinite]), e4m3/e5m2 k32 into f32 or f16 (sm_89). Rules
// and messages: ptx/mma_check.hpp.
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/mma_check.hpp>

namespace tirx::ptxmma {

struct family {
  static constexpr const char* name = "mma.sync";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "mma"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const MmaForm f = mma_form(t);
    d.dst = Operand{Role::reg, Space::none, f.ok ? 8 * bytes_of(f.d) : 0, 'r'};
    d.src = Operand{Role::reg, Space::none, 0, 'r'};
    d.min_srcs = d.max_srcs = 3;
    d.lanes = 32;
    d.whole = true;
    d.guards = false;
    d.parsed = f.ok;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/mma_sync.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/mma_sync.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// One mma.sync on whole operands (apply's whole path).
  template <fixed_string S, unsigned Flags, class D, class A, class B, class C>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue&, D& d, A& a, B& b,
                                                      C& c) {
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr MmaForm f = mma_form(t);
    constexpr OperandCheck<f, 0, D> od{};
    constexpr OperandCheck<f, 1, A> oa{};
    constexpr OperandCheck<f, 2, B> ob{};
    constexpr OperandCheck<f, 3, C> oc{};
    if constexpr (od.error != Error::none) {
      ptxmma::report<od.error, 0, od.want0, od.want1, od.got0, od.got1>();
    } else if constexpr (oa.error != Error::none) {
      ptxmma::report<oa.error, 1, oa.want0, oa.want1, oa.got0, oa.got1>();
    } else if constexpr (ob.error != Error::none) {
      ptxmma::report<ob.error, 2, ob.want0, ob.want1, ob.got0, ob.got1>();
    } else if constexpr (oc.error != Error::none) {
      ptxmma::report<oc.error, 3, oc.want0, oc.want1, oc.got0, oc.got1>();
    } else {
      constexpr int nd = f.d_regs(), na = f.a_regs();
      constexpr bool fl = f.d == Ty::f32;
      using Cr = cuda::std::conditional_t<fl, float, unsigned>;
      Cr* dr = reinterpret_cast<Cr*>(d.data());
      const Cr* cr = reinterpret_cast<const Cr*>(c.data());
      const unsigned* ar = reinterpret_cast<const unsigned*>(a.data());
      const unsigned* br = reinterpret_cast<const unsigned*>(b.data());
      constexpr text_view text{S.chars, S.size()};
      // the register lists: D (nd), A (na), B (na / 2), C (nd)
#define TIRX_MMA_F4(SP, K)                                                                         \
  asm volatile(SP " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"           \
               : "=" K(dr[0]), "=" K(dr[1]), "=" K(dr[2]), "=" K(dr[3])                            \
               : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(br[0]), "r"(br[1]), K(cr[0]), \
                 K(cr[1]), K(cr[2]), K(cr[3]))
#define TIRX_MMA_F2(SP, K)                                                                         \
  asm volatile(SP " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"                          \
               : "=" K(dr[0]), "=" K(dr[1]), "=" K(dr[2]), "=" K(dr[3])                            \
               : "r"(ar[0]), "r"(ar[1]), "r"(br[0]), K(cr[0]), K(cr[1]), K(cr[2]), K(cr[3]))
#define TIRX_MMA_H4(SP)                                                                            \
  asm volatile(SP " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};"                               \
               : "=r"(dr[0]), "=r"(dr[1])                                                          \
               : "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3]), "r"(br[0]), "r"(br[1]),           \
                 "r"(cr[0]), "r"(cr[1]))
#define TIRX_MMA_H2(SP)                                                                            \
  asm volatile(SP " {%0, %1}, {%2, %3}, {%4}, {%5, %6};"                                           \
               : "=r"(dr[0]), "=r"(dr[1])                                                          \
               : "r"(ar[0]), "r"(ar[1]), "r"(br[0]), "r"(cr[0]), "r"(cr[1]))
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (ptxdesc::spelled(text, SP)) {                                                      \
    if constexpr (nd == 4 && na == 4 && fl)                                                        \
      TIRX_MMA_F4(SP, "f");                                                                        \
    else if constexpr (nd == 4 && na == 4)                                                         \
      TIRX_MMA_F4(SP, "r");                                                                        \
    else if constexpr (nd == 4 && fl)                                                              \
      TIRX_MMA_F2(SP, "f");                                                                        \
    else if constexpr (nd == 4)                                                                    \
      TIRX_MMA_F2(SP, "r");                                                                        \
    else if constexpr (na == 4)                                                                    \
      TIRX_MMA_H4(SP);                                                                             \
    else                                                                                           \
      TIRX_MMA_H2(SP);                                                                             \
  } else
#include <tirx/ptx/rows/mma_sync.def>
#undef TIRX_ROW
#undef TIRX_MMA_F4
#undef TIRX_MMA_F2
#undef TIRX_MMA_H4
#undef TIRX_MMA_H2
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported mma.sync spelling");
    }
  }
#endif
};

} // namespace tirx::ptxmma
