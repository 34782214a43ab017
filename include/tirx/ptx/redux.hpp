// The redux.sync family, warp-collective: every lane of membermask gets the
// reduction of a over those lanes (add, min, max of u32/s32; and, or, xor of
// b32; min/max of f32 with .abs and .NaN on sm_100a). One register per lane,
// the instruction spans the warp: a scope with the lanes as group modes
// (warp and wider), no tile::pred. Spellings (ptx/rows/redux.def):
//   redux.sync{.add|.min|.max}{.u32|.s32}  redux.sync{.and|.or|.xor}.b32      d, a, membermask
//   redux.sync{.min|.max}[.abs][.NaN].f32                                     (sm_100a)
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxredux {

struct family : ptxemit::register_family<family> {
  static constexpr const char* name = "redux.sync";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "redux"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    const TypeKind kind = ty ? type_kind(t, ty) : TypeKind::none;
    d.dst = d.src = Operand{Role::reg, Space::none, bits, kind == TypeKind::floating ? 'f' : 'r'};
    d.src_kind = kind;
    d.min_srcs = d.max_srcs = 2;
    d.lanes = 32;
    d.guards = false;
    d.parsed = ty != 0 && t.is(1, "sync");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/redux.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/redux.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, class Dc, class Sc, int NS>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const Sc (&s)[NS]) {
    TIRX_CHECK_MEMBERS("redux.sync", ptxemit::bits_of(s[1]));
#define TIRX_ASM_QUAL volatile
#include <tirx/ptx/rows/emit_register.inc>
#include <tirx/ptx/rows/redux.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported redux.sync spelling");
#include <tirx/ptx/rows/emit_register_end.inc>
  }

#endif
};

} // namespace tirx::ptxredux
