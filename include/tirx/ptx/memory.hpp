// ld / st instruction atoms: a memory atom of N consecutive elements,
// aligned to N * width bytes, and N registers owned by the issuing thread.
// Supported spellings ([a|b]: a, b or nothing; {a|b}: a or b). T is every
// type of [.v2|.v4]{.b8|.b16|.b32}, [.v2].b64 or .b128 (N = 1, 2, 4; twelve
// per prefix); W is .v8.b32 or .v4.b64 (32 bytes, N = 8 or 4: sm_100+,
// .global only):
//   TIRX_LD_GLOBAL       ld.global[.ca|.cg|.cs|.lu|.cv|.nc|.L1::evict_first|.L1::evict_last|
//                          .L1::no_allocate|.nc.L1::no_allocate|.nc.L1::evict_last|.L2::256B]T
//   TIRX_LD_GLOBAL_HINT  ld.global[.nc][.L1::evict_first|.L1::evict_last|.L1::no_allocate].L2::cache_hint T,
//                        ld.global{.cg|.cs}.L2::cache_hint T
//   TIRX_LD_SHARED       ld.shared T        (no qualifier; a 32-bit shared-window address)
//   TIRX_LD_LOCAL        ld.local[.ca|.cg|.cs|.lu|.cv]T
//   TIRX_LD_GLOBAL_WIDE  every prefix of TIRX_LD_GLOBAL and TIRX_LD_GLOBAL_HINT with W, and
//                        ld.global[.nc]{.L2::evict_first|.L2::evict_last|.L2::evict_normal}W
//   TIRX_ST_GLOBAL       st.global[.wb|.cg|.cs|.wt|.L1::no_allocate]T
//   TIRX_ST_GLOBAL_HINT  st.global[.L1::no_allocate|.cg|.cs].L2::cache_hint T
//   TIRX_ST_SHARED       st.shared T        (no qualifier)
//   TIRX_ST_LOCAL        st.local[.wb|.cg|.cs|.wt]T
//   TIRX_ST_GLOBAL_WIDE  every prefix of TIRX_ST_GLOBAL and TIRX_ST_GLOBAL_HINT with W, and
//                        st.global{.L2::evict_first|.L2::evict_last|.L2::evict_normal}W
// (The L2 eviction priorities .L2::evict_* exist only on 32-byte accesses.)
// A .L2::cache_hint spelling takes a 64-bit cache policy as its last operand
// (apply's tile::cache_hint(policy); policies: tirx/ptx/policy.hpp or
// cuda::access_property). Each may be predicated (apply's tile::pred); a
// predicated-off load leaves its registers unspecified, or keeps their old
// values with tile::preserve_dst. .b128 needs PTX 8.3 (sm_70+), the W forms
// sm_100 (ptxdesc::min_sm); see docs/instruction-reference.md.
#pragma once

#include <tirx/ptx/arith.hpp>
#include <tirx/ptx/regs.hpp>
#include <tirx/ptx/spelling.hpp>

namespace tirx::ptxmem {

// -- the spelling lists (X-macros) ---------------------------------------------
// X(spelling, elements, bits, kind). kind: tirx_g a 64-bit address (global,
// local), tirx_s a 32-bit shared-window address, tirx_h a 64-bit address and
// a cache policy operand (.L2::cache_hint).
#define TIRX_MEM_TYPES(X, P, K)                                                                    \
  X(P ".b8", 1, 8, K) X(P ".v2.b8", 2, 8, K) X(P ".v4.b8", 4, 8, K) X(P ".b16", 1, 16, K)           \
  X(P ".v2.b16", 2, 16, K) X(P ".v4.b16", 4, 16, K) X(P ".b32", 1, 32, K) X(P ".v2.b32", 2, 32, K)   \
  X(P ".v4.b32", 4, 32, K) X(P ".b64", 1, 64, K) X(P ".v2.b64", 2, 64, K) X(P ".b128", 1, 128, K)
/// The 32-byte types of sm_100 (global only).
#define TIRX_MEM_TYPES_WIDE(X, P, K) X(P ".v8.b32", 8, 32, K) X(P ".v4.b64", 4, 64, K)

// The prefixes of a global list, each with the type list TY(X, prefix, kind).
#define TIRX_LD_GLOBAL_PREFIXES(TY, X)                                                             \
  TY(X, "ld.global", tirx_g) TY(X, "ld.global.ca", tirx_g) TY(X, "ld.global.cg", tirx_g)           \
  TY(X, "ld.global.cs", tirx_g) TY(X, "ld.global.lu", tirx_g) TY(X, "ld.global.cv", tirx_g)        \
  TY(X, "ld.global.nc", tirx_g) TY(X, "ld.global.L1::evict_first", tirx_g)                         \
  TY(X, "ld.global.L1::evict_last", tirx_g) TY(X, "ld.global.L1::no_allocate", tirx_g)             \
  TY(X, "ld.global.nc.L1::no_allocate", tirx_g) TY(X, "ld.global.nc.L1::evict_last", tirx_g)      \
  TY(X, "ld.global.L2::256B", tirx_g)
#define TIRX_LD_GLOBAL_HINT_PREFIXES(TY, X)                                                        \
  TY(X, "ld.global.L2::cache_hint", tirx_h) TY(X, "ld.global.L1::evict_first.L2::cache_hint", tirx_h) \
  TY(X, "ld.global.L1::evict_last.L2::cache_hint", tirx_h)                                         \
  TY(X, "ld.global.L1::no_allocate.L2::cache_hint", tirx_h) TY(X, "ld.global.nc.L2::cache_hint", tirx_h) \
  TY(X, "ld.global.nc.L1::evict_first.L2::cache_hint", tirx_h)                                     \
  TY(X, "ld.global.nc.L1::evict_last.L2::cache_hint", tirx_h)                                      \
  TY(X, "ld.global.nc.L1::no_allocate.L2::cache_hint", tirx_h) TY(X, "ld.global.cg.L2::cache_hint", tirx_h) \
  TY(X, "ld.global.cs.L2::cache_hint", tirx_h)
#define TIRX_ST_GLOBAL_PREFIXES(TY, X)                                                             \
  TY(X, "st.global", tirx_g) TY(X, "st.global.wb", tirx_g) TY(X, "st.global.cg", tirx_g)           \
  TY(X, "st.global.cs", tirx_g) TY(X, "st.global.wt", tirx_g) TY(X, "st.global.L1::no_allocate", tirx_g)
#define TIRX_ST_GLOBAL_HINT_PREFIXES(TY, X)                                                        \
  TY(X, "st.global.L2::cache_hint", tirx_h) TY(X, "st.global.L1::no_allocate.L2::cache_hint", tirx_h) \
  TY(X, "st.global.cg.L2::cache_hint", tirx_h) TY(X, "st.global.cs.L2::cache_hint", tirx_h)

#define TIRX_LD_GLOBAL(X) TIRX_LD_GLOBAL_PREFIXES(TIRX_MEM_TYPES, X)
#define TIRX_LD_GLOBAL_HINT(X) TIRX_LD_GLOBAL_HINT_PREFIXES(TIRX_MEM_TYPES, X)
#define TIRX_LD_SHARED(X) TIRX_MEM_TYPES(X, "ld.shared", tirx_s)
#define TIRX_LD_LOCAL(X)                                                                           \
  TIRX_MEM_TYPES(X, "ld.local", tirx_g) TIRX_MEM_TYPES(X, "ld.local.ca", tirx_g)                    \
  TIRX_MEM_TYPES(X, "ld.local.cg", tirx_g) TIRX_MEM_TYPES(X, "ld.local.cs", tirx_g)                 \
  TIRX_MEM_TYPES(X, "ld.local.lu", tirx_g) TIRX_MEM_TYPES(X, "ld.local.cv", tirx_g)
#define TIRX_LD_GLOBAL_WIDE(X)                                                                     \
  TIRX_LD_GLOBAL_PREFIXES(TIRX_MEM_TYPES_WIDE, X) TIRX_LD_GLOBAL_HINT_PREFIXES(TIRX_MEM_TYPES_WIDE, X) \
  TIRX_MEM_TYPES_WIDE(X, "ld.global.L2::evict_first", tirx_g)                                      \
  TIRX_MEM_TYPES_WIDE(X, "ld.global.L2::evict_last", tirx_g)                                       \
  TIRX_MEM_TYPES_WIDE(X, "ld.global.L2::evict_normal", tirx_g)                                     \
  TIRX_MEM_TYPES_WIDE(X, "ld.global.nc.L2::evict_first", tirx_g)                                   \
  TIRX_MEM_TYPES_WIDE(X, "ld.global.nc.L2::evict_last", tirx_g)                                    \
  TIRX_MEM_TYPES_WIDE(X, "ld.global.nc.L2::evict_normal", tirx_g)
#define TIRX_ST_GLOBAL(X) TIRX_ST_GLOBAL_PREFIXES(TIRX_MEM_TYPES, X)
#define TIRX_ST_GLOBAL_HINT(X) TIRX_ST_GLOBAL_HINT_PREFIXES(TIRX_MEM_TYPES, X)
#define TIRX_ST_SHARED(X) TIRX_MEM_TYPES(X, "st.shared", tirx_s)
#define TIRX_ST_LOCAL(X)                                                                           \
  TIRX_MEM_TYPES(X, "st.local", tirx_g) TIRX_MEM_TYPES(X, "st.local.wb", tirx_g)                    \
  TIRX_MEM_TYPES(X, "st.local.cg", tirx_g) TIRX_MEM_TYPES(X, "st.local.cs", tirx_g)                 \
  TIRX_MEM_TYPES(X, "st.local.wt", tirx_g)
#define TIRX_ST_GLOBAL_WIDE(X)                                                                     \
  TIRX_ST_GLOBAL_PREFIXES(TIRX_MEM_TYPES_WIDE, X) TIRX_ST_GLOBAL_HINT_PREFIXES(TIRX_MEM_TYPES_WIDE, X) \
  TIRX_MEM_TYPES_WIDE(X, "st.global.L2::evict_first", tirx_g)                                      \
  TIRX_MEM_TYPES_WIDE(X, "st.global.L2::evict_last", tirx_g)                                       \
  TIRX_MEM_TYPES_WIDE(X, "st.global.L2::evict_normal", tirx_g)

#define TIRX_LIST_MEM(SP, N, B, K) SP,
inline constexpr const char* loads[] = {TIRX_LD_GLOBAL(TIRX_LIST_MEM) TIRX_LD_GLOBAL_HINT(TIRX_LIST_MEM)
                                            TIRX_LD_SHARED(TIRX_LIST_MEM) TIRX_LD_LOCAL(TIRX_LIST_MEM)
                                                TIRX_LD_GLOBAL_WIDE(TIRX_LIST_MEM)};
inline constexpr const char* stores[] = {TIRX_ST_GLOBAL(TIRX_LIST_MEM) TIRX_ST_GLOBAL_HINT(TIRX_LIST_MEM)
                                             TIRX_ST_SHARED(TIRX_LIST_MEM) TIRX_ST_LOCAL(TIRX_LIST_MEM)
                                                 TIRX_ST_GLOBAL_WIDE(TIRX_LIST_MEM)};

TIRX_HD constexpr bool supports(text_view t) {
  return ptxarith::listed(t, loads) || ptxarith::listed(t, stores);
}

/// How a memory instruction is guarded: always, by a predicate, or by a
/// predicate keeping the old register values when off.
enum class Guard { none, pred, pred_preserve };

/// The run-time operands of one instruction besides its address and
/// registers: whether its predicate is on (Guard::pred, pred_preserve), and
/// the cache policy of a .L2::cache_hint spelling (otherwise unused).
struct Issue {
  unsigned on = 1;
  unsigned long long policy = 0;
};

#if defined(__CUDACC__)
/// Whether t is the spelling s (a plain function: cheaper to instantiate
/// per entry than a template).
TIRX_HD constexpr bool spelled(text_view t, const char* s) {
  int i = 0;
  while (i < t.size && s[i] == t.data[i]) ++i;
  return i == t.size && s[i] == '\0';
}

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

// -- emission --------------------------------------------------------------------
// The operand text of an asm statement with N registers: TIRX_REGS(N) names
// %0 .. %N-1 ("%0", "{%0, %1}", ...), TIRX_REGS1(N) %1 .. %N (a store's
// registers after its address), TIRX_ARG(N, K) the operand %(N + K).
#define TIRX_REGS_1 "%0"
#define TIRX_REGS_2 "{%0, %1}"
#define TIRX_REGS_4 "{%0, %1, %2, %3}"
#define TIRX_REGS_8 "{%0, %1, %2, %3, %4, %5, %6, %7}"
#define TIRX_REGS1_1 "%1"
#define TIRX_REGS1_2 "{%1, %2}"
#define TIRX_REGS1_4 "{%1, %2, %3, %4}"
#define TIRX_REGS1_8 "{%1, %2, %3, %4, %5, %6, %7, %8}"
#define TIRX_ARG_1_0 "%1"
#define TIRX_ARG_1_1 "%2"
#define TIRX_ARG_1_2 "%3"
#define TIRX_ARG_1_3 "%4"
#define TIRX_ARG_2_0 "%2"
#define TIRX_ARG_2_1 "%3"
#define TIRX_ARG_2_2 "%4"
#define TIRX_ARG_2_3 "%5"
#define TIRX_ARG_4_0 "%4"
#define TIRX_ARG_4_1 "%5"
#define TIRX_ARG_4_2 "%6"
#define TIRX_ARG_4_3 "%7"
#define TIRX_ARG_8_0 "%8"
#define TIRX_ARG_8_1 "%9"
#define TIRX_ARG_8_2 "%10"
#define TIRX_ARG_8_3 "%11"
#define TIRX_REGS(N) TIRX_REGS_##N
#define TIRX_REGS1(N) TIRX_REGS1_##N
#define TIRX_ARG(N, K) TIRX_ARG_##N##_##K
// The register operands r[0] .. r[N-1], constraint M C ("=r", "+h", "l", ...).
#define TIRX_OPS_1(M, C) M C(r[0])
#define TIRX_OPS_2(M, C) M C(r[0]), M C(r[1])
#define TIRX_OPS_4(M, C) M C(r[0]), M C(r[1]), M C(r[2]), M C(r[3])
#define TIRX_OPS_8(M, C) TIRX_OPS_4(M, C), M C(r[4]), M C(r[5]), M C(r[6]), M C(r[7])
#define TIRX_OPS(N, M, C) TIRX_OPS_##N(M, C)
#define TIRX_PRED(K) "{ .reg .pred p; setp.ne.b32 p, " K ", 0; @p "

// The asm of one entry (spelling SP, NN registers of constraint C), for
// the guard G: a load r <- [a + Imm] (operands: the registers, a, Imm;
// guarded: a, on, Imm), a store [a + Imm] <- r (a, the registers, Imm;
// guarded: a, the registers, on, Imm); the _h forms add the policy last.
#define TIRX_LD_ASM(SP, N, C, AC)                                                                  \
  if constexpr (G == Guard::none)                                                                  \
    asm volatile(SP " " TIRX_REGS(N) ", [" TIRX_ARG(N, 0) "+" TIRX_ARG(N, 1) "];"                  \
                 : TIRX_OPS(N, "=", C) : AC(a), "n"(Imm) : "memory");                             \
  else if constexpr (G == Guard::pred)                                                             \
    asm volatile(TIRX_PRED(TIRX_ARG(N, 1)) SP " " TIRX_REGS(N) ", [" TIRX_ARG(N, 0) "+" TIRX_ARG(N, 2) "]; }" \
                 : TIRX_OPS(N, "=", C) : AC(a), "r"(is.on), "n"(Imm) : "memory");                \
  else                                                                                             \
    asm volatile(TIRX_PRED(TIRX_ARG(N, 1)) SP " " TIRX_REGS(N) ", [" TIRX_ARG(N, 0) "+" TIRX_ARG(N, 2) "]; }" \
                 : TIRX_OPS(N, "+", C) : AC(a), "r"(is.on), "n"(Imm) : "memory");
#define TIRX_LD_ASM_H(SP, N, C)                                                                    \
  if constexpr (G == Guard::none)                                                                  \
    asm volatile(SP " " TIRX_REGS(N) ", [" TIRX_ARG(N, 0) "+" TIRX_ARG(N, 1) "], " TIRX_ARG(N, 2) ";" \
                 : TIRX_OPS(N, "=", C) : "l"(a), "n"(Imm), "l"(is.policy) : "memory");             \
  else if constexpr (G == Guard::pred)                                                             \
    asm volatile(TIRX_PRED(TIRX_ARG(N, 1)) SP " " TIRX_REGS(N) ", [" TIRX_ARG(N, 0) "+" TIRX_ARG(N, 2) "], " \
                 TIRX_ARG(N, 3) "; }"                                                              \
                 : TIRX_OPS(N, "=", C) : "l"(a), "r"(is.on), "n"(Imm), "l"(is.policy) : "memory"); \
  else                                                                                             \
    asm volatile(TIRX_PRED(TIRX_ARG(N, 1)) SP " " TIRX_REGS(N) ", [" TIRX_ARG(N, 0) "+" TIRX_ARG(N, 2) "], " \
                 TIRX_ARG(N, 3) "; }"                                                              \
                 : TIRX_OPS(N, "+", C) : "l"(a), "r"(is.on), "n"(Imm), "l"(is.policy) : "memory");
#define TIRX_LD_tirx_g(SP, N, C) TIRX_LD_ASM(SP, N, C, "l")
#define TIRX_LD_tirx_s(SP, N, C) TIRX_LD_ASM(SP, N, C, "r")
#define TIRX_LD_tirx_h(SP, N, C) TIRX_LD_ASM_H(SP, N, C)

#define TIRX_ST_ASM(SP, N, C, AC)                                                                  \
  if constexpr (G == Guard::none)                                                                  \
    asm volatile(SP " [%0+" TIRX_ARG(N, 1) "], " TIRX_REGS1(N) ";"                                 \
                 ::AC(a), TIRX_OPS(N, "", C), "n"(Imm) : "memory");                               \
  else                                                                                             \
    asm volatile(TIRX_PRED(TIRX_ARG(N, 1)) SP " [%0+" TIRX_ARG(N, 2) "], " TIRX_REGS1(N) "; }"     \
                 ::AC(a), TIRX_OPS(N, "", C), "r"(is.on), "n"(Imm) : "memory");
#define TIRX_ST_ASM_H(SP, N, C)                                                                    \
  if constexpr (G == Guard::none)                                                                  \
    asm volatile(SP " [%0+" TIRX_ARG(N, 1) "], " TIRX_REGS1(N) ", " TIRX_ARG(N, 2) ";"             \
                 ::"l"(a), TIRX_OPS(N, "", C), "n"(Imm), "l"(is.policy) : "memory");               \
  else                                                                                             \
    asm volatile(TIRX_PRED(TIRX_ARG(N, 1)) SP " [%0+" TIRX_ARG(N, 2) "], " TIRX_REGS1(N) ", "      \
                 TIRX_ARG(N, 3) "; }"                                                              \
                 ::"l"(a), TIRX_OPS(N, "", C), "r"(is.on), "n"(Imm), "l"(is.policy) : "memory");
#define TIRX_ST_tirx_g(SP, N, C) TIRX_ST_ASM(SP, N, C, "l")
#define TIRX_ST_tirx_s(SP, N, C) TIRX_ST_ASM(SP, N, C, "r")
#define TIRX_ST_tirx_h(SP, N, C) TIRX_ST_ASM_H(SP, N, C)

// The register constraint of B-bit elements: "q" (128), "l" (64), "r" (32),
// "h" (8 and 16: PTX moves 8-bit values through 16-bit registers).
#define TIRX_C_8 "h"
#define TIRX_C_16 "h"
#define TIRX_C_32 "r"
#define TIRX_C_64 "l"
#define TIRX_C_128 "q"

// One entry of a list: its asm when S is its spelling. The atom (NN, BB)
// is compared first, so that the spelling is compared only for the few
// entries of the right type (load and store are instantiated per repeat:
// the chain is walked often). OP: TIRX_LD or TIRX_ST.
#define TIRX_MEM_EMIT(OP, SP, NN, BB, K)                                                           \
  if constexpr (NN == N && BB == Bits && spelled(spelling, SP)) {                                      \
    OP##_##K(SP, NN, TIRX_C_##BB)                                                                  \
  } else

/// Refuses, in a device compilation for an older target, a spelling that
/// needs sm_100 (the 32-byte forms; apply reports this first).
template <fixed_string S>
__device__ TIRX_FORCEINLINE void check_target() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 1000
  static_assert(ptxdesc::min_sm(ptx<S>::desc, 1) < 100,
                "tirx::ptx: this spelling needs sm_100 or newer (compile with -arch=sm_100a)");
#endif
}

/// Loads N elements of Bits bits from p + Imm bytes into raw registers r
/// (0 <= Imm < 2^24: an immediate offset of the address). is: the
/// predicate (Guard::pred, pred_preserve) and the policy (.L2::cache_hint).
template <fixed_string S, int N, int Bits, Guard G, long long Imm = 0>
__device__ TIRX_FORCEINLINE void load(ptxregs::raw_t<Bits> (&r)[N], const void* p, Issue is) {
  static_assert(Imm >= 0 && Imm < (1LL << 24), "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
  check_target<S>();
  constexpr text_view spelling{S.chars, S.size()};
  auto a = address<space_of<S>()>(p);
  // the list of S's space, width and policy operand, then its entry
#define TIRX_EMIT(SP, NN, BB, K) TIRX_MEM_EMIT(TIRX_LD, SP, NN, BB, K)
#define TIRX_FAIL static_assert(ptxarith::always_false<S>, "tirx::ptx: unsupported load spelling");
  if constexpr (space_of<S>() == 's') { TIRX_LD_SHARED(TIRX_EMIT) TIRX_FAIL }
  else if constexpr (space_of<S>() == 'l') { TIRX_LD_LOCAL(TIRX_EMIT) TIRX_FAIL }
  else if constexpr (N * Bits > 128) { TIRX_LD_GLOBAL_WIDE(TIRX_EMIT) TIRX_FAIL }
  else if constexpr (ptx<S>::desc.cache_hint) { TIRX_LD_GLOBAL_HINT(TIRX_EMIT) TIRX_FAIL }
  else { TIRX_LD_GLOBAL(TIRX_EMIT) TIRX_FAIL }
#undef TIRX_FAIL
#undef TIRX_EMIT
  (void)is;
}

/// Stores N raw registers to p + Imm bytes (0 <= Imm < 2^24).
template <fixed_string S, int N, int Bits, Guard G, long long Imm = 0>
__device__ TIRX_FORCEINLINE void store(void* p, const ptxregs::raw_t<Bits> (&r)[N], Issue is) {
  static_assert(Imm >= 0 && Imm < (1LL << 24), "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
  check_target<S>();
  constexpr text_view spelling{S.chars, S.size()};
  auto a = address<space_of<S>()>(p);
#define TIRX_EMIT(SP, NN, BB, K) TIRX_MEM_EMIT(TIRX_ST, SP, NN, BB, K)
#define TIRX_FAIL static_assert(ptxarith::always_false<S>, "tirx::ptx: unsupported store spelling");
  if constexpr (space_of<S>() == 's') { TIRX_ST_SHARED(TIRX_EMIT) TIRX_FAIL }
  else if constexpr (space_of<S>() == 'l') { TIRX_ST_LOCAL(TIRX_EMIT) TIRX_FAIL }
  else if constexpr (N * Bits > 128) { TIRX_ST_GLOBAL_WIDE(TIRX_EMIT) TIRX_FAIL }
  else if constexpr (ptx<S>::desc.cache_hint) { TIRX_ST_GLOBAL_HINT(TIRX_EMIT) TIRX_FAIL }
  else { TIRX_ST_GLOBAL(TIRX_EMIT) TIRX_FAIL }
#undef TIRX_FAIL
#undef TIRX_EMIT
  (void)is;
}
#undef TIRX_MEM_EMIT
#undef TIRX_LD_ASM
#undef TIRX_LD_ASM_H
#undef TIRX_ST_ASM
#undef TIRX_ST_ASM_H
#undef TIRX_LD_tirx_g
#undef TIRX_LD_tirx_s
#undef TIRX_LD_tirx_h
#undef TIRX_ST_tirx_g
#undef TIRX_ST_tirx_s
#undef TIRX_ST_tirx_h
#undef TIRX_C_8
#undef TIRX_C_16
#undef TIRX_C_32
#undef TIRX_C_64
#undef TIRX_C_128
#undef TIRX_PRED
#undef TIRX_OPS
#undef TIRX_OPS_1
#undef TIRX_OPS_2
#undef TIRX_OPS_4
#undef TIRX_OPS_8
#undef TIRX_REGS
#undef TIRX_REGS1
#undef TIRX_ARG
#endif

} // namespace tirx::ptxmem
