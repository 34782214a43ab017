// The st.async / red.async family: one asynchronous store or reduction per
// atom into another CTA's shared memory, whose mbarrier counts the bytes
// (distributed shared memory, sm_90), or a release store or add to global
// memory (sm_100). The memory tensor is the destination; the sources are
// the values and, on the mbarrier lines, the 32-bit shared::cluster address
// of the receiving CTA's mbarrier (a scalar: MBarrier::cluster_addr(rank)):
//
//   tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32">>(
//       peer_tile, values, bar.cluster_addr(peer), scope)
//
// The destination is a shared tensor over a generic pointer into the peer
// CTA's shared memory (mapa.u64 of the local one); the receiving CTA
// announces the bytes (MBarrier::arrive_expect_tx) and waits on its barrier.
// Spellings (ptx/rows/st_async.def; [a]: a or nothing):
//   st.async[.weak][.shared::cluster].mbarrier::complete_tx::bytes
//       {.b32 .u32 .s32 .f32 .b64 .u64 .s64 .f64 | .v2 of those | .v4 of the 32-bit ones}
//   red.async.relaxed.cluster[.shared::cluster].mbarrier::complete_tx::bytes
//       {.inc.u32 .dec.u32 .min/.max .u32/.s32 .and/.or/.xor.b32 .add.u32/.s32/.u64}
//   st.async[.mmio].release{.gpu|.sys}.global{.b8 ... .f64}          (sm_100, PTX 8.7;
//   red.async[.mmio].release{.gpu|.sys}.global.add{.u32 .s32 .u64 .s64}  .mmio with .sys)
// cuda::ptx's st_async and red_async take untyped or integer values with
// no predicate; the family emits its rows' text (every type, vectors,
// tile::pred) instead.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxasync {

using ptxemit::Guard;
using ptxemit::Issue;

/// The grammar rules an unlisted spelling can break (Desc::rule).
enum Rule {
  none = 0,
  vec_type = 1,   ///< .v4 of a 64-bit type, or a vector of .b128
  elem_type = 2,  ///< an 8-, 16- or 128-bit type on the mbarrier line, .b128 on a release line
  op_type = 3,    ///< red.async: an operation that does not take the type
  completion = 4, ///< a mbarrier line without .mbarrier::complete_tx::bytes
  mmio_scope = 5, ///< .mmio without .sys
};

/// Whether tokens t name a release line (global memory, no mbarrier).
TIRX_HD constexpr bool release_line(const ptxdesc::Tokens& t) { return t.has("release"); }

/// The Desc of a st.async or red.async spelling.
TIRX_HD constexpr ptxdesc::Desc describe_async(const ptxdesc::Tokens& t) {
  using namespace ptxdesc;
  Desc d{};
  const int ty = last_type(t);
  const int bits = ty ? type_bits(t, ty) : 0;
  const TypeKind kind = ty ? type_kind(t, ty) : TypeKind::none;
  const bool red = t.is(0, "red");
  const bool rel = release_line(t);
  for (int k = 1; k < t.n; ++k)
    if (t.e[k] - t.b[k] == 2 && t.text[t.b[k]] == 'v' &&
        (t.text[t.b[k] + 1] == '2' || t.text[t.b[k] + 1] == '4'))
      d.vec = t.text[t.b[k] + 1] - '0';
  const char rc = kind == TypeKind::floating && bits == 32   ? 'f'
                  : kind == TypeKind::floating && bits == 64 ? 'd'
                                                             : raw_class(bits);
  d.dst = Operand{Role::mem, rel ? Space::global : Space::shared, bits, 'l'};
  d.src = Operand{Role::reg, Space::none, bits, rc};
  d.src_kind = kind;
  if (!rel) { // [a], b, [mbar]: the barrier's 32-bit shared::cluster address
    d.alt_mask = 2u;
    d.alt = Operand{Role::reg, Space::none, 32, 'r'};
    d.alt_kind = TypeKind::integer;
  }
  d.min_srcs = d.max_srcs = rel ? 1 : 2;
  d.parsed = ty != 0 && t.is(1, "async");
  const bool word = bits == 32 || bits == 64;
  if (!rel && !t.has("mbarrier::complete_tx::bytes"))
    d.rule = completion;
  else if (ty && (bits == 128 ? d.vec > 1 : d.vec == 4 && bits == 64))
    d.rule = vec_type;
  else if (ty && !red && (rel ? bits == 128 : !word))
    d.rule = elem_type;
  else if (t.has("mmio") && !t.has("sys"))
    d.rule = mmio_scope;
  else if (ty && red) {
    const bool u32 = t.is(ty, "u32"), s32 = t.is(ty, "s32"), b32 = t.is(ty, "b32");
    const bool ok = t.has("inc") || t.has("dec")   ? u32
                    : t.has("min") || t.has("max") ? (u32 || s32)
                    : t.has("add") ? (u32 || s32 || t.is(ty, "u64") || (rel && t.is(ty, "s64")))
                                   : b32;
    d.rule = ok ? none : op_type;
  }
  return d;
}

struct family {
  static constexpr const char* name = "st.async/red.async";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return (t.is(0, "st") || t.is(0, "red")) && t.is(1, "async");
  }
  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    return describe_async(t);
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/st_async.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  /// The message of broken grammar rule R (Desc::rule).
  template <int R> TIRX_HD static constexpr void rule() {
    static_assert(R != vec_type, "tirx::tile::apply: st.async: .v4 takes the 32-bit types "
                                 "(.b32 .u32 .s32 .f32) and .v2 every 32- and 64-bit one; "
                                 "write .v2 for 64-bit elements");
    static_assert(R != elem_type, "tirx::tile::apply: st.async's mbarrier line stores 32- or "
                                  "64-bit elements (.b32 .u32 .s32 .f32 .b64 .u64 .s64 .f64; the "
                                  "release line 8 to 64 bits); pack narrower values into a "
                                  "32-bit word");
    static_assert(R != mmio_scope, "tirx::tile::apply: st.async/red.async: .mmio takes the .sys "
                                   "scope; write .mmio.release.sys");
    static_assert(R != op_type, "tirx::tile::apply: red.async: the operation does not take this "
                                "type (inc/dec: u32; min/max: u32 s32; and/or/xor: b32; add: u32 "
                                "s32 u64, and s64 on the release line); pick one of these");
    static_assert(R != completion, "tirx::tile::apply: st.async/red.async complete on the "
                                   "receiving CTA's mbarrier: write "
                                   ".mbarrier::complete_tx::bytes (or a .release line)");
  }

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/st_async.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// [a] = b (st) or op([a], b) (red); on the mbarrier lines the barrier
  /// at shared::cluster address bar counts the bytes.
  template <fixed_string S, Guard G, class M, class B, class... Bar>
  __device__ TIRX_FORCEINLINE static void issue(const Issue& is, M& m, const B& b,
                                                const Bar&... bar);
#endif
};

#if defined(__CUDACC__)
#define TIRX_SA_PRED(K) "{ .reg .pred p; setp.ne.b32 p, " K ", 0; @p "
#define TIRX_SA_V1 " [%0+%1], %2, [%3]; }"
#define TIRX_SA_V2 " [%0+%1], {%2, %3}, [%4]; }"
#define TIRX_SA_V4 " [%0+%1], {%2, %3, %4, %5}, [%6]; }"
#define TIRX_SA_B1(C) C(b.r[0])
#define TIRX_SA_B2(C) TIRX_SA_B1(C), C(b.r[1])
#define TIRX_SA_B4(C) TIRX_SA_B2(C), C(b.r[2]), C(b.r[3])
#define TIRX_SA_ON1 "%4"
#define TIRX_SA_ON2 "%5"
#define TIRX_SA_ON4 "%7"
#define TIRX_SA(SP, NN, VC)                                                                        \
  if constexpr (NN == N && ::tirx::ptxdesc::spelled(spelling, SP)) {                               \
    asm volatile(TIRX_SA_PRED(TIRX_SA_ON##NN) SP TIRX_SA_V##NN ::"l"(a), "n"(M::imm),              \
                 TIRX_SA_B##NN(VC), "r"(mbar), "r"(is.on)                                          \
                 : "memory");                                                                      \
  } else
#define TIRX_RA(SP, VC) TIRX_SA(SP, 1, VC)
#define TIRX_SR(SP, VC)                                                                            \
  if constexpr (N == 1 && ::tirx::ptxdesc::spelled(spelling, SP)) {                                \
    asm volatile(TIRX_SA_PRED("%3") SP " [%0+%1], %2; }" ::"l"(g), "n"(M::imm), VC(b.r[0]),        \
                 "r"(is.on)                                                                        \
                 : "memory");                                                                      \
  } else
#define TIRX_SR8(SP)                                                                               \
  if constexpr (N == 1 && ::tirx::ptxdesc::spelled(spelling, SP)) {                                \
    asm volatile("{ .reg .pred p; .reg .b8 t; setp.ne.b32 p, %3, 0; cvt.u8.u16 t, %2; @p " SP      \
                 " [%0+%1], t; }" ::"l"(g),                                                        \
                 "n"(M::imm), "h"(b.r[0]), "r"(is.on)                                              \
                 : "memory");                                                                      \
  } else
#define TIRX_RR TIRX_SR
template <fixed_string S, Guard G, class M, class B, class... Bar>
__device__ TIRX_FORCEINLINE void family::issue(const Issue& is, M& m, const B& b,
                                               const Bar&... bar) {
  constexpr text_view spelling{S.chars, S.size()};
  constexpr int N = B::size;
  static_assert(M::imm >= 0 && M::imm < (1LL << 24),
                "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
  [[maybe_unused]] unsigned mbar = 0;
  [[maybe_unused]] unsigned long long a = 0, g = 0;
  if constexpr (sizeof...(Bar) == 1) {
    // the peer's generic address in the cluster's shared window
    asm("cvta.to.shared::cluster.u64 %0, %1;" : "=l"(a) : "l"(m.p));
    mbar = (bar, ...).r[0];
  } else {
    g = reinterpret_cast<unsigned long long>(m.p);
  }
#include <tirx/ptx/rows/st_async.def>
  static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported st.async/red.async spelling");
}
#undef TIRX_SA
#undef TIRX_RA
#undef TIRX_SR
#undef TIRX_SR8
#undef TIRX_RR
#undef TIRX_SA_PRED
#undef TIRX_SA_V1
#undef TIRX_SA_V2
#undef TIRX_SA_V4
#undef TIRX_SA_B1
#undef TIRX_SA_B2
#undef TIRX_SA_B4
#undef TIRX_SA_ON1
#undef TIRX_SA_ON2
#undef TIRX_SA_ON4
#endif

} // namespace tirx::ptxasync
