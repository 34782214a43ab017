// The stmatrix family (sm_90, warp, whole operands): a warp stores 8 x 8
// matrices of 16-bit elements from its register fragment to shared memory,
// ldmatrix's inverse.
//   tile::apply<ptx<"stmatrix.sync.aligned.m8n8.x4.shared.b16">>(tile, frag, scope::warp);
// tile: a shared tile whose lines of 8 elements are 16-byte rows; frag: a
// local tensor of the same shape and element type whose layout is the
// instruction's matrices (ldmatrix_fragment_layout, the mma fragments);
// tile(i, j) = frag(i, j) afterwards. Rules and messages:
// ptx/matrix_check.hpp; rows: ptx/rows/stmatrix.def.
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/matrix_check.hpp>

namespace tirx::ptxstmatrix {

struct family {
  static constexpr const char* name = "stmatrix";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "stmatrix"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const ptxmatrix::MoveForm f = ptxmatrix::move_form(t);
    d.dst = Operand{Role::mem, Space::shared, 16, 'r'};
    d.src = Operand{Role::reg, Space::none, 16, 'r'};
    d.min_srcs = d.max_srcs = 1;
    d.lanes = 32;
    d.whole = true;
    d.guards = false;
    d.parsed = f.ok && !f.raw;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/stmatrix.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/stmatrix.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// One stmatrix on whole operands (apply's whole path).
  template <fixed_string S, unsigned Flags, class M, class R>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue&, M& m, R& s) {
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr ptxmatrix::MoveForm f = ptxmatrix::move_form(t);
    constexpr ptxmatrix::Operands<f, 1, R, M> o{};
    if constexpr (o.error != ptxmatrix::Error::none) {
      ptxmatrix::report<o.error, o.operand, o.want0, o.want1, o.got0, o.got1>();
    } else {
      const unsigned addr = ptxmatrix::row_address<f, o.frag>(m);
      const unsigned* r = reinterpret_cast<const unsigned*>(s.data());
      constexpr text_view text{S.chars, S.size()};
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (ptxdesc::spelled(text, SP)) {                                                      \
    if constexpr (REGS == 1)                                                                       \
      asm volatile(SP " [%0], {%1};" ::"r"(addr), "r"(r[0]) : "memory");                           \
    else if constexpr (REGS == 2)                                                                  \
      asm volatile(SP " [%0], {%1, %2};" ::"r"(addr), "r"(r[0]), "r"(r[1]) : "memory");            \
    else                                                                                           \
      asm volatile(SP " [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(r[0]), "r"(r[1]), "r"(r[2]),     \
                   "r"(r[3])                                                                       \
                   : "memory");                                                                    \
  } else
#include <tirx/ptx/rows/stmatrix.def>
#undef TIRX_ROW
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported stmatrix spelling");
    }
  }
#endif
};

} // namespace tirx::ptxstmatrix
