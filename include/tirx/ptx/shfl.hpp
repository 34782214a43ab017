// The shfl.sync family, warp-collective: each lane's destination is the
// source register of the lane that the mode selects (up: lane - b, down:
// lane + b, bfly: lane ^ b, idx: b), within segments set by c, among the
// lanes of membermask; every lane of membermask executes the instruction.
// The atom is one register per lane, the instruction spans the warp's 32
// lanes: apply needs a scope whose group modes hold the lanes (warp and
// wider), and takes no tile::pred. Spellings (ptx/rows/shfl.def):
//   shfl.sync{.up|.down|.bfly|.idx}.b32   d, a, b, c, membermask
// b, c and membermask are 32-bit scalars (or register tensors like a).
// c packs the clamp value (bits 0-4) and the segment mask (bits 8-12):
// 0x1f for a whole-warp bfly, down and idx, 0 for up.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxshfl {

struct family : ptxemit::register_family<family> {
  static constexpr const char* name = "shfl.sync";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "shfl"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    d.dst = d.src = Operand{Role::reg, Space::none, bits, 'r'};
    d.src_kind = ty ? type_kind(t, ty) : TypeKind::none;
    d.min_srcs = d.max_srcs = 4;
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
  template <fixed_string S, class Dc, class Sc, int NS>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const Sc (&s)[NS]) {
    // every lane of membermask must be here: a missing one hangs the warp
    TIRX_CHECK((__activemask() & s[3]) == s[3],
               "tirx::tile::apply: shfl.sync: a lane of membermask is not executing the "
               "instruction; call it "
               "from every lane of the mask (no divergent branch around it) or shrink the mask");
#define TIRX_ASM_QUAL volatile
#include <tirx/ptx/rows/emit_register.inc>
#include <tirx/ptx/rows/shfl.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported shfl.sync spelling");
#include <tirx/ptx/rows/emit_register_end.inc>
  }

#endif
};

} // namespace tirx::ptxshfl
