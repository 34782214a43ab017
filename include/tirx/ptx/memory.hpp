// ld / st instruction atoms: a memory atom of N consecutive elements,
// aligned to N * width bytes, and N registers owned by the issuing thread.
// Supported spellings (N = 1, 2, 4; .v4.b64 is 32 bytes and not an sm_90 form):
//   ld.global[Q].{b8,b16,b32,b64}, ld.global[Q].v2.{...}, ld.global[Q].v4.{b8,b16,b32}
//     Q = .ca .cg .cs .lu .cv .nc .L1::evict_first .L1::evict_last .L1::no_allocate
//         .nc.L1::no_allocate .nc.L1::evict_last .L2::256B (or nothing)
//     (.L2::evict_first/last exist only on 32-byte loads, sm_100; see docs/design/ptx-facts.md)
//   ld.shared[.cta-less].{...}        ld.local[.ca .cg .cs .lu .cv].{...}
//   st.global[.wb .cg .cs .wt .L1::no_allocate].{...}   st.shared.{...}   st.local[.wb .cg .cs .wt].{...}
// Each may be predicated (apply's tile::pred); a predicated-off load leaves
// its registers unspecified, or keeps their old values with tile::preserve_dst.
#pragma once

#include <tirx/ptx/arith.hpp>
#include <tirx/ptx/regs.hpp>

namespace tirx::ptxmem {

// X(spelling, elements, bits, address constraint)
#define TIRX_MEM_TYPES_A(X, P, AC)                                                                 \
  X(P ".b8", 1, 8, AC) X(P ".v2.b8", 2, 8, AC) X(P ".v4.b8", 4, 8, AC) X(P ".b16", 1, 16, AC)       \
  X(P ".v2.b16", 2, 16, AC) X(P ".v4.b16", 4, 16, AC) X(P ".b32", 1, 32, AC)                       \
  X(P ".v2.b32", 2, 32, AC) X(P ".v4.b32", 4, 32, AC) X(P ".b64", 1, 64, AC) X(P ".v2.b64", 2, 64, AC)
#define TIRX_MEM_TYPES(X, P) TIRX_MEM_TYPES_A(X, P, "l")

#define TIRX_LD_GLOBAL(X)                                                                          \
  TIRX_MEM_TYPES(X, "ld.global") TIRX_MEM_TYPES(X, "ld.global.ca") TIRX_MEM_TYPES(X, "ld.global.cg") \
  TIRX_MEM_TYPES(X, "ld.global.cs") TIRX_MEM_TYPES(X, "ld.global.lu")                              \
  TIRX_MEM_TYPES(X, "ld.global.cv") TIRX_MEM_TYPES(X, "ld.global.nc")                              \
  TIRX_MEM_TYPES(X, "ld.global.L1::evict_first") TIRX_MEM_TYPES(X, "ld.global.L1::evict_last")     \
  TIRX_MEM_TYPES(X, "ld.global.L1::no_allocate") TIRX_MEM_TYPES(X, "ld.global.nc.L1::no_allocate") \
  TIRX_MEM_TYPES(X, "ld.global.nc.L1::evict_last") TIRX_MEM_TYPES(X, "ld.global.L2::256B")
#define TIRX_LD_SHARED(X) TIRX_MEM_TYPES_A(X, "ld.shared", "r")
#define TIRX_LD_LOCAL(X)                                                                           \
  TIRX_MEM_TYPES(X, "ld.local") TIRX_MEM_TYPES(X, "ld.local.ca") TIRX_MEM_TYPES(X, "ld.local.cg")  \
  TIRX_MEM_TYPES(X, "ld.local.cs") TIRX_MEM_TYPES(X, "ld.local.lu") TIRX_MEM_TYPES(X, "ld.local.cv")
#define TIRX_ST_GLOBAL(X)                                                                          \
  TIRX_MEM_TYPES(X, "st.global") TIRX_MEM_TYPES(X, "st.global.wb") TIRX_MEM_TYPES(X, "st.global.cg") \
  TIRX_MEM_TYPES(X, "st.global.cs") TIRX_MEM_TYPES(X, "st.global.wt")                              \
  TIRX_MEM_TYPES(X, "st.global.L1::no_allocate")
#define TIRX_ST_SHARED(X) TIRX_MEM_TYPES_A(X, "st.shared", "r")
#define TIRX_ST_LOCAL(X)                                                                           \
  TIRX_MEM_TYPES(X, "st.local") TIRX_MEM_TYPES(X, "st.local.wb") TIRX_MEM_TYPES(X, "st.local.cg")  \
  TIRX_MEM_TYPES(X, "st.local.cs") TIRX_MEM_TYPES(X, "st.local.wt")

#define TIRX_LIST_MEM(SP, N, B, AC) SP,
inline constexpr const char* loads[] = {TIRX_LD_GLOBAL(TIRX_LIST_MEM) TIRX_LD_SHARED(TIRX_LIST_MEM)
                                            TIRX_LD_LOCAL(TIRX_LIST_MEM)};
inline constexpr const char* stores[] = {TIRX_ST_GLOBAL(TIRX_LIST_MEM) TIRX_ST_SHARED(TIRX_LIST_MEM)
                                             TIRX_ST_LOCAL(TIRX_LIST_MEM)};

TIRX_HD constexpr bool supports(text_view t) {
  return ptxarith::listed(t, loads) || ptxarith::listed(t, stores);
}

/// How a memory instruction is guarded: always, by a predicate, or by a
/// predicate keeping the old register values when off.
enum class Guard { none, pred, pred_preserve };

#if defined(__CUDACC__)
using ptxarith::same;

// The address operand: global and local take a 64-bit address, shared a
// 32-bit shared-window address.
template <char Space>
__device__ TIRX_FORCEINLINE auto address(const void* p) {
  if constexpr (Space == 's') return static_cast<unsigned>(__cvta_generic_to_shared(p));
  else if constexpr (Space == 'l') return static_cast<unsigned long long>(__cvta_generic_to_local(p));
  else return reinterpret_cast<unsigned long long>(p);
}

template <fixed_string S>
TIRX_HD constexpr char space_of() {
  return S.chars[3] == 's' ? 's' : (S.chars[3] == 'l' ? 'l' : 'g'); // "ld.s", "ld.l", "ld.g"
}

// One load: r[0..N) <- [addr + IMM]. C: the register constraint letter.
// IMM, a byte offset known at compile time, goes into the instruction's
// address ([%rd1+16]) as hand-written code gets it, instead of an add.
#define TIRX_LD_ASM(SP, N, C, GUARD, AC)                                                               \
  if constexpr (GUARD == Guard::none) {                                                            \
    if constexpr (N == 1) asm volatile(SP " %0, [%1+%2];" : "=" C(r[0]) : AC(a), "n"(Imm) : "memory"); \
    else if constexpr (N == 2) asm volatile(SP " {%0, %1}, [%2+%3];" : "=" C(r[0]), "=" C(r[1]) : AC(a), "n"(Imm) : "memory"); \
    else asm volatile(SP " {%0, %1, %2, %3}, [%4+%5];" : "=" C(r[0]), "=" C(r[1]), "=" C(r[2]), "=" C(r[3]) : AC(a), "n"(Imm) : "memory"); \
  } else if constexpr (GUARD == Guard::pred) {                                                     \
    if constexpr (N == 1) asm volatile("{ .reg .pred p; setp.ne.b32 p, %2, 0; @p " SP " %0, [%1+%3]; }" : "=" C(r[0]) : AC(a), "r"(on), "n"(Imm) : "memory"); \
    else if constexpr (N == 2) asm volatile("{ .reg .pred p; setp.ne.b32 p, %3, 0; @p " SP " {%0, %1}, [%2+%4]; }" : "=" C(r[0]), "=" C(r[1]) : AC(a), "r"(on), "n"(Imm) : "memory"); \
    else asm volatile("{ .reg .pred p; setp.ne.b32 p, %5, 0; @p " SP " {%0, %1, %2, %3}, [%4+%6]; }" : "=" C(r[0]), "=" C(r[1]), "=" C(r[2]), "=" C(r[3]) : AC(a), "r"(on), "n"(Imm) : "memory"); \
  } else {                                                                                         \
    if constexpr (N == 1) asm volatile("{ .reg .pred p; setp.ne.b32 p, %2, 0; @p " SP " %0, [%1+%3]; }" : "+" C(r[0]) : AC(a), "r"(on), "n"(Imm) : "memory"); \
    else if constexpr (N == 2) asm volatile("{ .reg .pred p; setp.ne.b32 p, %3, 0; @p " SP " {%0, %1}, [%2+%4]; }" : "+" C(r[0]), "+" C(r[1]) : AC(a), "r"(on), "n"(Imm) : "memory"); \
    else asm volatile("{ .reg .pred p; setp.ne.b32 p, %5, 0; @p " SP " {%0, %1, %2, %3}, [%4+%6]; }" : "+" C(r[0]), "+" C(r[1]), "+" C(r[2]), "+" C(r[3]) : AC(a), "r"(on), "n"(Imm) : "memory"); \
  }

#define TIRX_ST_ASM(SP, N, C, GUARD, AC)                                                               \
  if constexpr (GUARD == Guard::none) {                                                            \
    if constexpr (N == 1) asm volatile(SP " [%0+%2], %1;" ::AC(a), C(r[0]), "n"(Imm) : "memory");    \
    else if constexpr (N == 2) asm volatile(SP " [%0+%3], {%1, %2};" ::AC(a), C(r[0]), C(r[1]), "n"(Imm) : "memory"); \
    else asm volatile(SP " [%0+%5], {%1, %2, %3, %4};" ::AC(a), C(r[0]), C(r[1]), C(r[2]), C(r[3]), "n"(Imm) : "memory"); \
  } else {                                                                                         \
    if constexpr (N == 1) asm volatile("{ .reg .pred p; setp.ne.b32 p, %2, 0; @p " SP " [%0+%3], %1; }" ::AC(a), C(r[0]), "r"(on), "n"(Imm) : "memory"); \
    else if constexpr (N == 2) asm volatile("{ .reg .pred p; setp.ne.b32 p, %3, 0; @p " SP " [%0+%4], {%1, %2}; }" ::AC(a), C(r[0]), C(r[1]), "r"(on), "n"(Imm) : "memory"); \
    else asm volatile("{ .reg .pred p; setp.ne.b32 p, %5, 0; @p " SP " [%0+%6], {%1, %2, %3, %4}; }" ::AC(a), C(r[0]), C(r[1]), C(r[2]), C(r[3]), "r"(on), "n"(Imm) : "memory"); \
  }

/// Loads N elements of Bits bits from p + Imm bytes into raw registers r
/// (0 <= Imm < 2^24: an immediate offset of the address).
template <fixed_string S, int N, int Bits, Guard G, long long Imm = 0>
__device__ TIRX_FORCEINLINE void load(ptxregs::raw_t<Bits> (&r)[N], const void* p, unsigned on) {
  static_assert(Imm >= 0 && Imm < (1LL << 24), "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
  constexpr char space = space_of<S>();
  auto a = address<space>(p);
#define TIRX_EMIT(SP, NN, BB, AC)                                                                  \
  if constexpr (same<S>(SP)) {                                                                     \
    if constexpr (BB == 64) { TIRX_LD_ASM(SP, NN, "l", G, AC) }                                    \
    else if constexpr (BB == 32) { TIRX_LD_ASM(SP, NN, "r", G, AC) }                               \
    else { TIRX_LD_ASM(SP, NN, "h", G, AC) }                                                       \
  } else
  TIRX_LD_GLOBAL(TIRX_EMIT) TIRX_LD_SHARED(TIRX_EMIT) TIRX_LD_LOCAL(TIRX_EMIT)
      static_assert(ptxarith::always_false<S>, "tirx::ptx: unsupported load spelling");
#undef TIRX_EMIT
  (void)on;
}

/// Stores N raw registers to p + Imm bytes (0 <= Imm < 2^24).
template <fixed_string S, int N, int Bits, Guard G, long long Imm = 0>
__device__ TIRX_FORCEINLINE void store(void* p, const ptxregs::raw_t<Bits> (&r)[N], unsigned on) {
  static_assert(Imm >= 0 && Imm < (1LL << 24), "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
  constexpr char space = space_of<S>();
  auto a = address<space>(p);
#define TIRX_EMIT(SP, NN, BB, AC)                                                                  \
  if constexpr (same<S>(SP)) {                                                                     \
    if constexpr (BB == 64) { TIRX_ST_ASM(SP, NN, "l", G, AC) }                                    \
    else if constexpr (BB == 32) { TIRX_ST_ASM(SP, NN, "r", G, AC) }                               \
    else { TIRX_ST_ASM(SP, NN, "h", G, AC) }                                                       \
  } else
  TIRX_ST_GLOBAL(TIRX_EMIT) TIRX_ST_SHARED(TIRX_EMIT) TIRX_ST_LOCAL(TIRX_EMIT)
      static_assert(ptxarith::always_false<S>, "tirx::ptx: unsupported store spelling");
#undef TIRX_EMIT
  (void)on;
}
#endif

} // namespace tirx::ptxmem
