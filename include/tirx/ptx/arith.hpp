// Arithmetic instruction atoms (one register in, one out: atom (1,)).
// Rounding, approximation and flush-to-zero come only from the spelling.
// Supported spellings ([a|b]: a, b or nothing; {a|b}: a or b), by list
// (X-macro) and number of sources. f32, in "f" registers:
//   TIRX_F32_UNARY      {rcp|sqrt}.approx[.ftz].f32, {rcp|sqrt}{.rn|.rz|.rm|.rp}[.ftz].f32,
//                       {ex2|lg2}.approx[.ftz].f32, {abs|neg}[.ftz].f32
//   TIRX_F32_BINARY     {add|sub|mul}[.rn|.rz|.rm|.rp][.ftz][.sat].f32,
//                       div{.approx|.full}[.ftz].f32, div{.rn|.rz|.rm|.rp}[.ftz].f32,
//                       {min|max}[.ftz][.NaN].f32
//   TIRX_F32_TERNARY    fma{.rn|.rz|.rm|.rp}[.ftz][.sat].f32
//   TIRX_F32_MINMAX3    {min|max}[.ftz][.NaN].f32 with three sources, d = min(a, b, c) (sm_100)
// Packed half precision, each element a uint32 carrier of two halves, in "r"
// registers:
//   TIRX_H2_UNARY       {abs|neg}[.ftz].f16x2, {abs|neg}.bf16x2, ex2.approx.f16x2, ex2.approx.ftz.bf16x2
//   TIRX_H2_BINARY      {add|sub|mul}[.rn][.ftz][.sat].f16x2, {add|sub|mul}[.rn].bf16x2 (sm_90),
//                       {min|max}[.ftz][.NaN].f16x2, {min|max}[.NaN].bf16x2
//   TIRX_H2_TERNARY     fma.rn[.ftz][.sat].f16x2, fma.rn.relu.f16x2, fma.rn[.relu].bf16x2
// Packed single precision (sm_100), each element a 64-bit carrier (uint64,
// float2) of two floats, element 0 in bits 0..31, in "l" registers:
//   TIRX_F32X2_BINARY   {add|sub|mul}[.rn|.rz|.rm|.rp][.ftz].f32x2
//   TIRX_F32X2_TERNARY  fma{.rn|.rz|.rm|.rp}[.ftz].f32x2
// The sm_100 forms (ptxdesc::min_sm) are refused at compile time in a device
// compilation for an older target. See docs/instruction-reference.md
// (minimum architectures, operands).
#pragma once

#include <tirx/core/fixed_string.hpp>
#include <tirx/ptx/regs.hpp>

namespace tirx::ptxarith {

// -- the spelling lists (X-macros) ---------------------------------------------
#define TIRX_RND5(X, OP, T) X(OP T) X(OP ".rn" T) X(OP ".rz" T) X(OP ".rm" T) X(OP ".rp" T)
#define TIRX_RND4(X, OP, T) X(OP ".rn" T) X(OP ".rz" T) X(OP ".rm" T) X(OP ".rp" T)
#define TIRX_FTZSAT(R, X, OP, T) R(X, OP, T) R(X, OP, ".ftz" T) R(X, OP, ".sat" T) R(X, OP, ".ftz.sat" T)
#define TIRX_FTZ(R, X, OP, T) R(X, OP, T) R(X, OP, ".ftz" T)

#define TIRX_F32_BINARY(X)                                                                         \
  TIRX_FTZSAT(TIRX_RND5, X, "add", ".f32")                                                        \
  TIRX_FTZSAT(TIRX_RND5, X, "sub", ".f32")                                                        \
  TIRX_FTZSAT(TIRX_RND5, X, "mul", ".f32")                                                        \
  X("div.approx.f32") X("div.approx.ftz.f32") X("div.full.f32") X("div.full.ftz.f32")             \
  TIRX_FTZ(TIRX_RND4, X, "div", ".f32")                                                           \
  X("min.f32") X("min.ftz.f32") X("min.NaN.f32") X("min.ftz.NaN.f32")                             \
  X("max.f32") X("max.ftz.f32") X("max.NaN.f32") X("max.ftz.NaN.f32")

#define TIRX_F32_TERNARY(X) TIRX_FTZSAT(TIRX_RND4, X, "fma", ".f32")

#define TIRX_F32_UNARY(X)                                                                          \
  X("rcp.approx.f32") X("rcp.approx.ftz.f32") TIRX_FTZ(TIRX_RND4, X, "rcp", ".f32")               \
  X("sqrt.approx.f32") X("sqrt.approx.ftz.f32") TIRX_FTZ(TIRX_RND4, X, "sqrt", ".f32")            \
  X("ex2.approx.f32") X("ex2.approx.ftz.f32") X("lg2.approx.f32") X("lg2.approx.ftz.f32")         \
  X("abs.f32") X("abs.ftz.f32") X("neg.f32") X("neg.ftz.f32")

#define TIRX_F32_MINMAX3(X)                                                                        \
  X("min.f32") X("min.ftz.f32") X("min.NaN.f32") X("min.ftz.NaN.f32") X("max.f32") X("max.ftz.f32") \
  X("max.NaN.f32") X("max.ftz.NaN.f32")

#define TIRX_F32X2_BINARY(X)                                                                       \
  TIRX_FTZ(TIRX_RND5, X, "add", ".f32x2") TIRX_FTZ(TIRX_RND5, X, "sub", ".f32x2")                  \
  TIRX_FTZ(TIRX_RND5, X, "mul", ".f32x2")

#define TIRX_F32X2_TERNARY(X) TIRX_FTZ(TIRX_RND4, X, "fma", ".f32x2")

#define TIRX_H2_BINARY(X)                                                                          \
  X("add.f16x2") X("add.rn.f16x2") X("add.ftz.f16x2") X("add.rn.ftz.f16x2") X("add.sat.f16x2")     \
  X("add.rn.sat.f16x2") X("add.ftz.sat.f16x2") X("add.rn.ftz.sat.f16x2")                          \
  X("sub.f16x2") X("sub.rn.f16x2") X("sub.ftz.f16x2") X("sub.rn.ftz.f16x2") X("sub.sat.f16x2")     \
  X("sub.rn.sat.f16x2") X("sub.ftz.sat.f16x2") X("sub.rn.ftz.sat.f16x2")                          \
  X("mul.f16x2") X("mul.rn.f16x2") X("mul.ftz.f16x2") X("mul.rn.ftz.f16x2") X("mul.sat.f16x2")     \
  X("mul.rn.sat.f16x2") X("mul.ftz.sat.f16x2") X("mul.rn.ftz.sat.f16x2")                          \
  X("add.bf16x2") X("add.rn.bf16x2") X("sub.bf16x2") X("sub.rn.bf16x2") X("mul.bf16x2")            \
  X("mul.rn.bf16x2")                                                                               \
  X("min.f16x2") X("min.ftz.f16x2") X("min.NaN.f16x2") X("min.ftz.NaN.f16x2")                     \
  X("max.f16x2") X("max.ftz.f16x2") X("max.NaN.f16x2") X("max.ftz.NaN.f16x2")                     \
  X("min.bf16x2") X("min.NaN.bf16x2") X("max.bf16x2") X("max.NaN.bf16x2")

#define TIRX_H2_TERNARY(X)                                                                         \
  X("fma.rn.f16x2") X("fma.rn.ftz.f16x2") X("fma.rn.sat.f16x2") X("fma.rn.ftz.sat.f16x2")          \
  X("fma.rn.relu.f16x2") X("fma.rn.bf16x2") X("fma.rn.relu.bf16x2")

#define TIRX_H2_UNARY(X)                                                                           \
  X("abs.f16x2") X("abs.ftz.f16x2") X("neg.f16x2") X("neg.ftz.f16x2") X("abs.bf16x2")              \
  X("neg.bf16x2") X("ex2.approx.f16x2") X("ex2.approx.ftz.bf16x2")

// -- support query -------------------------------------------------------------
#define TIRX_LIST_SPELLING(SP) SP,
inline constexpr const char* f32_binary[] = {TIRX_F32_BINARY(TIRX_LIST_SPELLING)};
inline constexpr const char* f32_ternary[] = {TIRX_F32_TERNARY(TIRX_LIST_SPELLING)};
inline constexpr const char* f32_unary[] = {TIRX_F32_UNARY(TIRX_LIST_SPELLING)};
inline constexpr const char* f32_minmax3[] = {TIRX_F32_MINMAX3(TIRX_LIST_SPELLING)};
inline constexpr const char* h2_binary[] = {TIRX_H2_BINARY(TIRX_LIST_SPELLING)};
inline constexpr const char* h2_ternary[] = {TIRX_H2_TERNARY(TIRX_LIST_SPELLING)};
inline constexpr const char* h2_unary[] = {TIRX_H2_UNARY(TIRX_LIST_SPELLING)};
inline constexpr const char* f32x2_binary[] = {TIRX_F32X2_BINARY(TIRX_LIST_SPELLING)};
inline constexpr const char* f32x2_ternary[] = {TIRX_F32X2_TERNARY(TIRX_LIST_SPELLING)};

template <int N>
TIRX_HD constexpr bool listed(text_view t, const char* const (&list)[N]) {
  for (const char* s : list) {
    int i = 0;
    while (s[i] != '\0' && i < t.size && s[i] == t[i]) ++i;
    if (s[i] == '\0' && i == t.size) return true;
  }
  return false;
}

/// Whether the spelling names a supported arithmetic form with n sources.
TIRX_HD constexpr bool supports(text_view t, int nsrc) {
  if (nsrc == 1) return listed(t, f32_unary) || listed(t, h2_unary);
  if (nsrc == 2) return listed(t, f32_binary) || listed(t, h2_binary) || listed(t, f32x2_binary);
  if (nsrc == 3)
    return listed(t, f32_ternary) || listed(t, h2_ternary) || listed(t, f32_minmax3) || listed(t, f32x2_ternary);
  return false;
}

template <fixed_string A, int N>
TIRX_HD constexpr bool same(const char (&b)[N]) {
  bool eq = A.size() == N - 1;
  for (int i = 0; i < N - 1 && i < A.size(); ++i) eq = eq && A.chars[i] == b[i];
  return eq;
}

template <fixed_string S>
inline constexpr bool always_false = false;

#if defined(__CUDACC__)
// -- emission --------------------------------------------------------------------
// Each X(SP) below becomes `if constexpr (S is SP) asm(SP " operands") else`;
// the asm is not volatile: it has no side effects, the compiler may schedule it.

template <fixed_string S>
__device__ TIRX_FORCEINLINE float f32(float a) {
  float d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1;" : "=f"(d) : "f"(a));                                \
  else
  TIRX_F32_UNARY(TIRX_EMIT) static_assert(always_false<S>, "tirx::ptx: unsupported f32 unary spelling");
#undef TIRX_EMIT
  return d;
}
template <fixed_string S>
__device__ TIRX_FORCEINLINE float f32(float a, float b) {
  float d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b));                    \
  else
  TIRX_F32_BINARY(TIRX_EMIT) static_assert(always_false<S>, "tirx::ptx: unsupported f32 binary spelling");
#undef TIRX_EMIT
  return d;
}
template <fixed_string S>
__device__ TIRX_FORCEINLINE float f32(float a, float b, float c) {
  float d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1, %2, %3;" : "=f"(d) : "f"(a), "f"(b), "f"(c));        \
  else
  TIRX_F32_TERNARY(TIRX_EMIT) TIRX_F32_MINMAX3(TIRX_EMIT)
      static_assert(always_false<S>, "tirx::ptx: unsupported f32 ternary spelling");
#undef TIRX_EMIT
  return d;
}
template <fixed_string S>
__device__ TIRX_FORCEINLINE unsigned h2(unsigned a) {
  unsigned d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1;" : "=r"(d) : "r"(a));                                \
  else
  TIRX_H2_UNARY(TIRX_EMIT) static_assert(always_false<S>, "tirx::ptx: unsupported packed unary spelling");
#undef TIRX_EMIT
  return d;
}
template <fixed_string S>
__device__ TIRX_FORCEINLINE unsigned h2(unsigned a, unsigned b) {
  unsigned d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));                    \
  else
  TIRX_H2_BINARY(TIRX_EMIT) static_assert(always_false<S>, "tirx::ptx: unsupported packed binary spelling");
#undef TIRX_EMIT
  return d;
}
template <fixed_string S>
__device__ TIRX_FORCEINLINE unsigned h2(unsigned a, unsigned b, unsigned c) {
  unsigned d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));        \
  else
  TIRX_H2_TERNARY(TIRX_EMIT) static_assert(always_false<S>, "tirx::ptx: unsupported packed ternary spelling");
#undef TIRX_EMIT
  return d;
}

template <fixed_string S>
__device__ TIRX_FORCEINLINE unsigned long long f2(unsigned long long a, unsigned long long b) {
  unsigned long long d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));                    \
  else
  TIRX_F32X2_BINARY(TIRX_EMIT) static_assert(always_false<S>, "tirx::ptx: unsupported f32x2 binary spelling");
#undef TIRX_EMIT
  return d;
}
template <fixed_string S>
__device__ TIRX_FORCEINLINE unsigned long long f2(unsigned long long a, unsigned long long b, unsigned long long c) {
  unsigned long long d;
#define TIRX_EMIT(SP)                                                                              \
  if constexpr (same<S>(SP)) asm(SP " %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "l"(c));        \
  else
  TIRX_F32X2_TERNARY(TIRX_EMIT) static_assert(always_false<S>, "tirx::ptx: unsupported f32x2 ternary spelling");
#undef TIRX_EMIT
  return d;
}

/// Whether spelling S ends with the type token T (".f32x2").
template <fixed_string S, int N>
TIRX_HD constexpr bool ends_with(const char (&t)[N]) {
  if (S.size() < N - 1) return false;
  for (int i = 0; i < N - 1; ++i)
    if (S.chars[S.size() - (N - 1) + i] != t[i]) return false;
  return true;
}

/// One arithmetic instruction on elements of type T (carriers of the
/// instruction's width).
template <fixed_string S, class T, class... X>
__device__ TIRX_FORCEINLINE T run(const X&... x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 1000
  // f32x2, and min/max of three sources (the only three-source opcode with an m)
  static_assert(!ends_with<S>(".f32x2") && !(sizeof...(X) == 3 && S.chars[0] == 'm'),
                "tirx::ptx: this spelling needs sm_100 or newer (compile with -arch=sm_100a)");
#endif
  if constexpr (ends_with<S>(".f32x2")) { // packed in a uint64
    return cuda::std::bit_cast<T>(f2<S>(ptxregs::to_raw(x)...));
  } else if constexpr (S.chars[S.size() - 2] == 'x') { // ...f16x2 / bf16x2: packed in a uint32
    return cuda::std::bit_cast<T>(h2<S>(ptxregs::to_raw(x)...));
  } else {
    return cuda::std::bit_cast<T>(f32<S>(ptxregs::to_f32(x)...));
  }
}
#endif

} // namespace tirx::ptxarith
