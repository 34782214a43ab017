// The cvt family: numeric conversion, one destination register of the
// destination's width (a uint16 container for f16), atom (1,). Packed
// results from two floats take two sources, the first going to the HIGH
// half: cvt.rn.f16x2.f32 d, hi, lo. Spellings (rows: ptx/rows/cvt.def;
// [a|b]: a, b or nothing; {a|b}: a or b):
//   cvt{.rn|.rz|.rm|.rp}.f16.f32  cvt.rn.relu.f16.f32  cvt{.rn|.rz}.bf16.f32  cvt.rn.relu.bf16.f32
//   cvt.f32.f16  cvt.f32.bf16
//   cvt.rn[.relu].f16x2.f32  cvt.rn[.relu].bf16x2.f32                        (two sources)
//   cvt.rn.satfinite[.relu]{.e4m3x2|.e5m2x2}.f32                             (two sources, sm_89)
//   cvt.rn.satfinite[.relu]{.e4m3x2|.e5m2x2}.f16x2  cvt.rn[.relu].f16x2{.e4m3x2|.e5m2x2}  (sm_89)
//   cvt{.rni|.rzi|.rmi|.rpi}{.s32|.u32}.f32  cvt{.rni|.rzi}.sat{.s32|.u32}.f32
//   cvt{.rn|.rz|.rm|.rp}.f32{.s32|.u32}
//   cvt{.rni|.rzi}.sat{.s8|.u8|.s16|.u16}.f32 (8-bit results in 16-bit containers' low byte)
//   cvt{.rn|.rz|.rm|.rp}.f16{.s32|.u32}
// More (rows: ptx/rows/cvt_more.def): f64 to and from f32 ([.ftz]), f16,
// bf16 and every integer type; .satfinite half results; cvt.pack; the
// sm_100a e2m3x2, e3m2x2 and ue8m0x2 forms (docs/instruction-reference.md).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxcvt {

struct family : ptxemit::register_family<family> {
  static constexpr const char* name = "cvt";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "cvt"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    // two type tokens: the destination's, then the source's
    const int src = last_type(t), dst = src ? last_type(t, src) : 0;
    d.parsed = dst != 0;
    if (!d.parsed)
      return d;
    const int db = type_bits(t, dst), sb = type_bits(t, src);
    const TypeKind dk = type_kind(t, dst), sk = type_kind(t, src);
    d.dst = Operand{Role::reg, Space::none, db,
                    db == 32 && dk == TypeKind::floating ? 'f' : raw_class(db)};
    d.src = Operand{Role::reg, Space::none, sb,
                    sb == 32 && sk == TypeKind::floating ? 'f' : raw_class(sb)};
    d.src_kind = sk;
    // packed results from two scalars: cvt.rn.f16x2.f32 d, hi, lo
    d.min_srcs = d.max_srcs = (dk == TypeKind::packed && sk != TypeKind::packed) ? 2 : 1;
    if (t.is(1, "pack")) { // cvt.pack.sat.u16.s32 d, a, b; the sub-word results take c too
      d.dst = d.src = Operand{Role::reg, Space::none, 32, 'r'};
      d.src_kind = TypeKind::integer;
      d.min_srcs = d.max_srcs = t.has("b32") ? 3 : 2;
    }
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/cvt.def>
#include <tirx/ptx/rows/cvt_more.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/cvt.def>
#include <tirx/ptx/rows/cvt_more.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, class Dc, class Sc, int NS>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const Sc (&s)[NS]) {
#define TIRX_ASM_QUAL
#include <tirx/ptx/rows/emit_register.inc>
#include <tirx/ptx/rows/cvt.def>
#include <tirx/ptx/rows/cvt_more.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported cvt spelling");
#include <tirx/ptx/rows/emit_register_end.inc>
  }

#endif
};

} // namespace tirx::ptxcvt
