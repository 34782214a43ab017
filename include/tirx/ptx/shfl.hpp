// The shfl.sync family, warp-collective: each lane's destination is the
// source register of the lane that the mode selects (up: lane - b, down:
// lane + b, bfly: lane ^ b, idx: b), within segments set by c, among the
// lanes of membermask; every lane of membermask executes the instruction.
// The atom is one register per lane, the instruction spans the warp's 32
// lanes: apply needs a scope whose group modes hold the lanes (warp and
// wider), and takes no tile::pred. Spellings (ptx/rows/shfl.def):
//   shfl.sync{.up|.down|.bfly|.idx}.b32   d, a, b, c, membermask
//   shfl.sync{.up|.down|.bfly|.idx}.b32   d, p, a, b, c, membermask   (d|p)
// b, c and membermask are 32-bit scalars (or register tensors like a).
// c packs the clamp value (bits 0-4) and the segment mask (bits 8-12):
// 0x1f for a whole-warp bfly, down and idx, 0 for up. The `d|p` form also
// writes p, a bool register tensor (Operand::pred): true where the source
// lane was in range (d is then that lane's a), false where it was not (d is
// the lane's own a).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxshfl {

struct family {
  static constexpr const char* name = "shfl.sync";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "shfl"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    d.dst = d.src = Operand{Role::reg, Space::none, bits, 'r'};
    d.dst2 = pred_operand;
    d.src_kind = ty ? type_kind(t, ty) : TypeKind::none;
    d.min_srcs = 4;
    d.max_srcs = 5;
    d.lanes = 32;
    d.guards = false;
    d.parsed = ty != 0 && t.is(1, "sync");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/shfl.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/shfl.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// d, then (the d|p forms) p, then a, b, c, membermask.
  template <fixed_string S, ptxemit::Guard G, class D, class... X>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue&, D& d, X&&... x) {
    constexpr int NS = static_cast<int>(sizeof...(X));
    TIRX_CHECK_MEMBERS("shfl.sync", ptxemit::bits_of(ptxemit::last(x...).r[0]));
    const unsigned s[] = {x.r[0]...};
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (NSRC == NS && ::tirx::ptxemit::same<S>(SP)) {                                      \
    TIRX_SHFL_ASM_##NSRC(SP)                                                                       \
  } else
#define TIRX_SHFL_ASM_4(SP)                                                                        \
  asm volatile(SP " %0, %1, %2, %3, %4;"                                                           \
               : "=r"(d.r[0])                                                                      \
               : "r"(s[0]), "r"(s[1]), "r"(s[2]), "r"(s[3]));
#define TIRX_SHFL_ASM_5(SP)                                                                        \
  unsigned p = 0;                                                                                  \
  asm volatile("{\n\t.reg .pred P1;\n\t" SP                                                        \
               " %0|P1, %2, %3, %4, %5;\n\tselp.u32 %1, 1, 0, P1;\n\t}"                            \
               : "=r"(d.r[0]), "=r"(p)                                                             \
               : "r"(s[1]), "r"(s[2]), "r"(s[3]), "r"(s[4]));                                      \
  ptxemit::first(x...).r[0] = p;
#include <tirx/ptx/rows/shfl.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported shfl.sync spelling");
#undef TIRX_ROW
#undef TIRX_SHFL_ASM_4
#undef TIRX_SHFL_ASM_5
  }
#endif
};

} // namespace tirx::ptxshfl
