// The arithmetic family: one register in, one out per source (atom (1,)).
// Rounding, approximation and flush-to-zero come only from the spelling.
// Spellings ([a|b]: a, b or nothing; {a|b}: a or b), by row file
// (ptx/rows/) and number of sources. f32, in "f" registers:
//   f32_unary.def     {rcp|sqrt}.approx[.ftz].f32, {rcp|sqrt}{.rn|.rz|.rm|.rp}[.ftz].f32,
//                     {ex2|lg2}.approx[.ftz].f32, {abs|neg}[.ftz].f32
//   f32_binary.def    {add|sub|mul}[.rn|.rz|.rm|.rp][.ftz][.sat].f32,
//                     div{.approx|.full}[.ftz].f32, div{.rn|.rz|.rm|.rp}[.ftz].f32,
//                     {min|max}[.ftz][.NaN].f32 (.NaN: sm_80)
//   f32_ternary.def   fma{.rn|.rz|.rm|.rp}[.ftz][.sat].f32
//   f32_minmax3.def   {min|max}[.ftz][.NaN].f32 with three sources, d = min(a, b, c) (sm_100)
// Packed half precision, each element a uint32 carrier of two halves, "r":
//   h2_unary.def      {abs|neg}[.ftz].f16x2, {abs|neg}.bf16x2, ex2.approx.f16x2,
//                     ex2.approx.ftz.bf16x2 (sm_90)
//   h2_binary.def     {add|sub|mul}[.rn][.ftz][.sat].f16x2, {add|sub|mul}[.rn].bf16x2 (sm_90),
//                     {min|max}[.ftz][.NaN].f16x2, {min|max}[.NaN].bf16x2 (sm_80)
//   h2_ternary.def    fma.rn[.ftz][.sat].f16x2, fma.rn.relu.f16x2, fma.rn[.relu].bf16x2
// Packed single precision (sm_100), each element a 64-bit carrier (uint64,
// float2) of two floats, element 0 in bits 0..31, in "l" registers:
//   f32x2_binary.def  {add|sub|mul}[.rn|.rz|.rm|.rp][.ftz].f32x2
//   f32x2_ternary.def fma{.rn|.rz|.rm|.rp}[.ftz].f32x2
// Each row carries its oldest sm and PTX ISA; apply refuses a form newer
// than the compilation target (docs/instruction-reference.md).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxarith {

struct family : ptxemit::register_family<family> {
  static constexpr const char* name = "arithmetic";

  TIRX_HD static constexpr int sources_of(const ptxdesc::Tokens& t, bool most) {
    struct O {
      const char* n;
      int lo, hi;
    };
    constexpr O ops[] = {{"add", 2, 2}, {"sub", 2, 2},  {"mul", 2, 2},     {"div", 2, 2},
                         {"rcp", 1, 1}, {"sqrt", 1, 1}, {"min", 2, 3},     {"max", 2, 3},
                         {"fma", 3, 3}, {"ex2", 1, 1},  {"lg2", 1, 1},     {"abs", 1, 1},
                         {"neg", 1, 1}, {"mad", 3, 3},  {"rsqrt", 1, 1},   {"sin", 1, 1},
                         {"cos", 1, 1}, {"tanh", 1, 1}, {"copysign", 2, 2}};
    for (const O& o : ops)
      if (t.is(0, o.n))
        return most ? o.hi : o.lo;
    return 0;
  }
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    // add.s32: ptx/int_arith.hpp; add/sub/mul/fma .f32.f16 (two type tokens): ptx/arith_mixed.hpp
    return sources_of(t, true) > 0 && !ptxdesc::integer_typed(t) && !two_types(t);
  }
  TIRX_HD static constexpr bool two_types(const ptxdesc::Tokens& t) {
    return t.n >= 3 && ptxdesc::type_bits(t, t.n - 1) > 0 && ptxdesc::type_bits(t, t.n - 2) > 0;
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    const TypeKind kind = ty ? type_kind(t, ty) : TypeKind::none;
    const char cls =
        kind == TypeKind::packed ? raw_class(bits) : (bits == 32 ? 'f' : raw_class(bits));
    d.dst = d.src = Operand{Role::reg, Space::none, bits, cls};
    d.src_kind = kind;
    d.min_srcs = sources_of(t, false);
    d.max_srcs = sources_of(t, true);
    d.parsed = ty != 0;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/f32_unary.def>
#include <tirx/ptx/rows/f32_binary.def>
#include <tirx/ptx/rows/f32_ternary.def>
#include <tirx/ptx/rows/f32_minmax3.def>
#include <tirx/ptx/rows/h2_unary.def>
#include <tirx/ptx/rows/h2_binary.def>
#include <tirx/ptx/rows/h2_ternary.def>
#include <tirx/ptx/rows/f32x2_binary.def>
#include <tirx/ptx/rows/f32x2_ternary.def>
#include <tirx/ptx/rows/f32_more.def>
#include <tirx/ptx/rows/h2_more.def>
#include <tirx/ptx/rows/f64.def>
#include <tirx/ptx/rows/f16.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/f32_unary.def>
#include <tirx/ptx/rows/f32_binary.def>
#include <tirx/ptx/rows/f32_ternary.def>
#include <tirx/ptx/rows/f32_minmax3.def>
#include <tirx/ptx/rows/h2_unary.def>
#include <tirx/ptx/rows/h2_binary.def>
#include <tirx/ptx/rows/h2_ternary.def>
#include <tirx/ptx/rows/f32x2_binary.def>
#include <tirx/ptx/rows/f32x2_ternary.def>
#include <tirx/ptx/rows/f32_more.def>
#include <tirx/ptx/rows/h2_more.def>
#include <tirx/ptx/rows/f64.def>
#include <tirx/ptx/rows/f16.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// d = op(s...): the rows of S's register class and source count.
  template <fixed_string S, class Dc, class Sc, int NS>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const Sc (&s)[NS]) {
#define TIRX_ASM_QUAL
#include <tirx/ptx/rows/emit_register.inc>
    constexpr bool f32 = cuda::std::is_same_v<Sc, float>, h2 = sizeof(Sc) == 4 && !f32;
    if constexpr (f32 && NS == 1) {
#include <tirx/ptx/rows/f32_unary.def>
#include <tirx/ptx/rows/f32_more.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported f32 unary spelling");
    } else if constexpr (f32 && NS == 2) {
#include <tirx/ptx/rows/f32_binary.def>
#include <tirx/ptx/rows/f32_more.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported f32 binary spelling");
    } else if constexpr (f32) {
#include <tirx/ptx/rows/f32_ternary.def>
#include <tirx/ptx/rows/f32_minmax3.def>
#include <tirx/ptx/rows/f32_more.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported f32 ternary spelling");
    } else if constexpr (h2 && NS == 1) {
#include <tirx/ptx/rows/h2_unary.def>
#include <tirx/ptx/rows/h2_more.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported packed unary spelling");
    } else if constexpr (h2 && NS == 2) {
#include <tirx/ptx/rows/h2_binary.def>
#include <tirx/ptx/rows/h2_more.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported packed binary spelling");
    } else if constexpr (h2) {
#include <tirx/ptx/rows/h2_ternary.def>
#include <tirx/ptx/rows/h2_more.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported packed ternary spelling");
    } else if constexpr (cuda::std::is_same_v<Sc, double>) {
#include <tirx/ptx/rows/f64.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported f64 spelling");
    } else if constexpr (sizeof(Sc) == 2) {
#include <tirx/ptx/rows/f16.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported f16/bf16 spelling");
    } else if constexpr (NS == 2) {
#include <tirx/ptx/rows/f32x2_binary.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported f32x2 binary spelling");
    } else {
#include <tirx/ptx/rows/f32x2_ternary.def>
      static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported f32x2 ternary spelling");
    }
#include <tirx/ptx/rows/emit_register_end.inc>
  }

#endif
};

} // namespace tirx::ptxarith
