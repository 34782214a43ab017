// The ldmatrix family (warp, whole operands): a warp loads 8 x 8 matrices
// of 16-bit elements from shared memory into its register fragment.
//   tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x4.shared.b16">>(frag, tile, scope::warp);
// frag: a local tensor whose layout is the instruction's matrices
// (ldmatrix_fragment_layout(count, trans) over (8 * count, 8), or an mma
// fragment such as mma_a_fragment_layout(2, 16) over (16, 16) for .x4);
// tile: a shared tile of the same shape and element type (half,
// nv_bfloat16, uint16) whose lines of 8 elements are 16-byte rows. tirx
// computes each lane's row address from the two layouts, and frag(i, j) =
// tile(i, j) afterwards: .trans loads a tile whose other mode is
// contiguous. The sm_100a forms (m16n16 .trans .b8, m8n16 .b8x16.b6x16_p32
// and .b4x16_p64) take raw 32-bit words (ptx/matrix_check.hpp). Rules and
// messages: ptx/matrix_check.hpp; rows: ptx/rows/ldmatrix.def.
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/matrix_check.hpp>

namespace tirx::ptxldmatrix {

struct family {
  static constexpr const char* name = "ldmatrix";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "ldmatrix"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const ptxmatrix::MoveForm f = ptxmatrix::move_form(t);
    d.dst = Operand{Role::reg, Space::none, f.raw ? 32 : 16, 'r'};
    d.src = Operand{Role::mem, Space::shared, f.raw ? 8 : 16, 'r'};
    d.min_srcs = d.max_srcs = 1;
    d.lanes = 32;
    d.whole = true;
    d.loads = true;
    d.guards = false;
    d.parsed = f.ok;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/ldmatrix.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/ldmatrix.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// One ldmatrix on whole operands (apply's whole path).
  template <fixed_string S, unsigned Flags, class D, class M>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue&, D& d, M& m) {
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr ptxmatrix::MoveForm f = ptxmatrix::move_form(t);
    constexpr ptxmatrix::Operands<f, 0, D, M> o{};
    if constexpr (o.error != ptxmatrix::Error::none) {
      ptxmatrix::report<o.error, o.operand, o.want0, o.want1, o.got0, o.got1>();
    } else {
      const unsigned addr = ptxmatrix::row_address<f, o.frag>(m);
      unsigned* r = reinterpret_cast<unsigned*>(d.data());
      constexpr text_view text{S.chars, S.size()};
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (ptxdesc::spelled(text, SP)) {                                                      \
    if constexpr (REGS == 1)                                                                       \
      asm volatile(SP " {%0}, [%1];" : "=r"(r[0]) : "r"(addr) : "memory");                         \
    else if constexpr (REGS == 2)                                                                  \
      asm volatile(SP " {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");         \
    else                                                                                           \
      asm volatile(SP " {%0, %1, %2, %3}, [%4];"                                                   \
                   : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])                                \
                   : "r"(addr)                                                                     \
                   : "memory");                                                                    \
  } else
#include <tirx/ptx/rows/ldmatrix.def>
#undef TIRX_ROW
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported ldmatrix spelling");
    }
  }
#endif
};

} // namespace tirx::ptxldmatrix
