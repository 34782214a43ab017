// cvt instruction atoms: numeric conversion, one destination register of the
// destination's width (a uint16 container for f16), atom (1,). Packed
// results from two floats take two sources, the first going to the HIGH
// half: cvt.rn.f16x2.f32 d, hi, lo.
// Supported spellings ([a|b]: a, b or nothing; {a|b}: a or b):
//   cvt{.rn|.rz|.rm|.rp}.f16.f32  cvt.rn.relu.f16.f32  cvt{.rn|.rz}.bf16.f32  cvt.rn.relu.bf16.f32
//   cvt.f32.f16  cvt.f32.bf16
//   cvt.rn[.relu].f16x2.f32  cvt.rn[.relu].bf16x2.f32                        (two sources)
//   cvt.rn.satfinite[.relu]{.e4m3x2|.e5m2x2}.f32                             (two sources, sm_89)
//   cvt.rn.satfinite[.relu]{.e4m3x2|.e5m2x2}.f16x2  cvt.rn[.relu].f16x2{.e4m3x2|.e5m2x2}  (sm_89)
//   cvt{.rni|.rzi|.rmi|.rpi}{.s32|.u32}.f32  cvt{.rni|.rzi}.sat{.s32|.u32}.f32
//   cvt{.rn|.rz|.rm|.rp}.f32{.s32|.u32}
//   cvt{.rni|.rzi}.sat{.s8|.u8|.s16|.u16}.f32 (8-bit results in 16-bit containers' low byte)
//   cvt{.rn|.rz|.rm|.rp}.f16{.s32|.u32}
#pragma once

#include <tirx/ptx/arith.hpp>

namespace tirx::ptxcvt {

// X(spelling, destination constraint, source constraint, sources)
#define TIRX_CVT(X)                                                                                \
  X("cvt.rn.f16.f32", "h", "f", 1) X("cvt.rz.f16.f32", "h", "f", 1) X("cvt.rm.f16.f32", "h", "f", 1) \
  X("cvt.rp.f16.f32", "h", "f", 1) X("cvt.rn.relu.f16.f32", "h", "f", 1)                            \
  X("cvt.rn.bf16.f32", "h", "f", 1) X("cvt.rz.bf16.f32", "h", "f", 1)                              \
  X("cvt.rn.relu.bf16.f32", "h", "f", 1) X("cvt.f32.f16", "f", "h", 1) X("cvt.f32.bf16", "f", "h", 1) \
  X("cvt.rn.f16x2.f32", "r", "f", 2) X("cvt.rn.relu.f16x2.f32", "r", "f", 2)                        \
  X("cvt.rn.bf16x2.f32", "r", "f", 2) X("cvt.rn.relu.bf16x2.f32", "r", "f", 2)                      \
  X("cvt.rn.satfinite.e4m3x2.f32", "h", "f", 2) X("cvt.rn.satfinite.e5m2x2.f32", "h", "f", 2)      \
  X("cvt.rn.satfinite.relu.e4m3x2.f32", "h", "f", 2) X("cvt.rn.satfinite.relu.e5m2x2.f32", "h", "f", 2) \
  X("cvt.rn.satfinite.e4m3x2.f16x2", "h", "r", 1) X("cvt.rn.satfinite.e5m2x2.f16x2", "h", "r", 1)  \
  X("cvt.rn.satfinite.relu.e4m3x2.f16x2", "h", "r", 1)                                             \
  X("cvt.rn.satfinite.relu.e5m2x2.f16x2", "h", "r", 1)                                             \
  X("cvt.rn.f16x2.e4m3x2", "r", "h", 1) X("cvt.rn.f16x2.e5m2x2", "r", "h", 1)                      \
  X("cvt.rn.relu.f16x2.e4m3x2", "r", "h", 1) X("cvt.rn.relu.f16x2.e5m2x2", "r", "h", 1)            \
  X("cvt.rni.s32.f32", "r", "f", 1) X("cvt.rzi.s32.f32", "r", "f", 1) X("cvt.rmi.s32.f32", "r", "f", 1) \
  X("cvt.rpi.s32.f32", "r", "f", 1) X("cvt.rni.u32.f32", "r", "f", 1) X("cvt.rzi.u32.f32", "r", "f", 1) \
  X("cvt.rmi.u32.f32", "r", "f", 1) X("cvt.rpi.u32.f32", "r", "f", 1)                              \
  X("cvt.rni.sat.s32.f32", "r", "f", 1) X("cvt.rzi.sat.s32.f32", "r", "f", 1)                      \
  X("cvt.rni.sat.u32.f32", "r", "f", 1) X("cvt.rzi.sat.u32.f32", "r", "f", 1)                      \
  X("cvt.rn.f32.s32", "f", "r", 1) X("cvt.rz.f32.s32", "f", "r", 1) X("cvt.rm.f32.s32", "f", "r", 1) \
  X("cvt.rp.f32.s32", "f", "r", 1) X("cvt.rn.f32.u32", "f", "r", 1) X("cvt.rz.f32.u32", "f", "r", 1) \
  X("cvt.rm.f32.u32", "f", "r", 1) X("cvt.rp.f32.u32", "f", "r", 1)                                \
  X("cvt.rni.sat.s8.f32", "h", "f", 1) X("cvt.rzi.sat.s8.f32", "h", "f", 1)                        \
  X("cvt.rni.sat.u8.f32", "h", "f", 1) X("cvt.rzi.sat.u8.f32", "h", "f", 1)                        \
  X("cvt.rni.sat.s16.f32", "h", "f", 1) X("cvt.rzi.sat.s16.f32", "h", "f", 1)                      \
  X("cvt.rni.sat.u16.f32", "h", "f", 1) X("cvt.rzi.sat.u16.f32", "h", "f", 1)                      \
  X("cvt.rn.f16.s32", "h", "r", 1) X("cvt.rz.f16.s32", "h", "r", 1) X("cvt.rm.f16.s32", "h", "r", 1) \
  X("cvt.rp.f16.s32", "h", "r", 1) X("cvt.rn.f16.u32", "h", "r", 1) X("cvt.rz.f16.u32", "h", "r", 1) \
  X("cvt.rm.f16.u32", "h", "r", 1) X("cvt.rp.f16.u32", "h", "r", 1)

#define TIRX_LIST_CVT(SP, DC, SC, N) SP,
inline constexpr const char* spellings[] = {TIRX_CVT(TIRX_LIST_CVT)};

TIRX_HD constexpr bool supports(text_view t) { return ptxarith::listed(t, spellings); }

#if defined(__CUDACC__)
template <char C>
struct carrier;
template <>
struct carrier<'h'> {
  using type = unsigned short;
};
template <>
struct carrier<'r'> {
  using type = unsigned int;
};
template <>
struct carrier<'f'> {
  using type = float;
};

template <class R, class T>
__device__ TIRX_FORCEINLINE R as(const T& v) {
  if constexpr (sizeof(T) == 1) return static_cast<R>(ptxregs::to_raw(v));
  else return cuda::std::bit_cast<R>(v);
}

/// One conversion; D is the destination element type, X the sources'.
template <fixed_string S, class D, class... X>
__device__ TIRX_FORCEINLINE D run(const X&... x) {
  using ptxarith::same;
  D out{};
#define TIRX_EMIT(SP, DC, SC, N)                                                                   \
  if constexpr (same<S>(SP)) {                                                                     \
    using DR = typename carrier<DC[0]>::type;                                                      \
    using SR = typename carrier<SC[0]>::type;                                                      \
    DR d;                                                                                          \
    SR s[] = {as<SR>(x)...};                                                                       \
    if constexpr (N == 1) asm(SP " %0, %1;" : "=" DC(d) : SC(s[0]));                               \
    else asm(SP " %0, %1, %2;" : "=" DC(d) : SC(s[0]), SC(s[1]));                                  \
    if constexpr (sizeof(D) == 1) out = ptxregs::from_raw<D>(d);                                   \
    else out = cuda::std::bit_cast<D>(d);                                                          \
  } else
  TIRX_CVT(TIRX_EMIT) static_assert(ptxarith::always_false<S>, "tirx::ptx: unsupported cvt spelling");
#undef TIRX_EMIT
  return out;
}
#endif

} // namespace tirx::ptxcvt
