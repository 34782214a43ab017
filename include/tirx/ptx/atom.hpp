// The atom and red families: one read-modify-write of a memory atom per
// thread. atom returns the old values into registers (d, [a], b [, c]: the
// destination d, the memory source a, read and written, the values); red
// has no result (its destination is the memory operand: [a], b).
// Spellings (ptx/rows/atom*.def, red*.def; combinators in atom_types.inc),
// S = .global, .shared::cta or .shared::cluster:
//   atom S {.and|.or|.xor}{.b32|.b64}  {.inc|.dec}.u32  {.min|.max}{.u32|.s32|.u64|.s64}
//          .add{.u32|.s32|.u64|.f32|.f64}  .add.noftz{.f16|.f16x2|.bf16|.bf16x2}
//          .exch{.b32|.b64}                                                d, [a], b
//   atom S .cas{.b32|.b64}                                                 d, [a], b, c
//   red  S (the same less exch and cas)                                    [a], b
//   ordered: O{.relaxed|.acquire|.release|.acq_rel} (red: .relaxed, .release) with
//     .cta.shared::cta, .cluster.shared::cluster, {.gpu|.sys}.global, on add .u32 .u64
//     .f32, min/max .s32 (atom also max.u32, inc.u32, exch.b32, cas.b32/.b64)
//   {atom|red}.global.add.L2::cache_hint{.u32|.u64|.f32}, atom...exch.L2::cache_hint.b32
//   {atom|red}.global.add[.L2::cache_hint]{.v2|.v4}.f32, and
//   {atom|red}.global{.add|.min|.max}.noftz{.v2|.v4|.v8}{.f16|.bf16}, {.v2|.v4}{.f16x2|.bf16x2}
//   (sm_90: one aligned atom of N elements, N registers)
// The row set is kept small for compile time (every translation unit parses
// each row three times: forms, report, emitter).
// The address is the memory tensor's (its layout may repeat an address
// across threads: contended atomics are the point). A .shared::cluster
// spelling takes a generic pointer into any CTA of the cluster (e.g. mapped
// with mapa) and converts it with cvta.to.shared::cluster. tile::pred guards
// each instruction (a guarded-off atom leaves d unspecified; with
// tile::preserve_dst it keeps d).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxatom {

using ptxemit::Guard;
using ptxemit::Issue;

/// The rules of the grammar a spelling can break with a form tirx lacks
/// (Desc::rule; the family's rule<Rule>(), its report<Rule, 3>, names them).
enum Rule {
  none = 0,
  red_acquire = 1, ///< red with .acquire or .acq_rel
  vec_space = 2,   ///< a vector form outside .global
  op_type = 3,     ///< a type the operation does not take
  noftz = 4,       ///< a half-precision add without .noftz
  hint_space = 5,  ///< .L2::cache_hint outside .global
};

/// Whether operation op takes type token ty (PTX's op x type table).
TIRX_HD constexpr bool op_takes(const ptxdesc::Tokens& t, int op, int ty, bool vec) {
  const auto is = [&](const char* w) { return t.is(ty, w); };
  if (t.is(op, "and") || t.is(op, "or") || t.is(op, "xor") || t.is(op, "exch") || t.is(op, "cas"))
    return !vec && (is("b32") || is("b64"));
  if (t.is(op, "inc") || t.is(op, "dec"))
    return !vec && is("u32");
  const bool half = is("f16") || is("bf16") || is("f16x2") || is("bf16x2");
  if (t.is(op, "min") || t.is(op, "max"))
    return vec ? half : (is("u32") || is("s32") || is("u64") || is("s64"));
  if (t.is(op, "add"))
    return vec ? (half || is("f32"))
               : (is("u32") || is("s32") || is("u64") || is("f32") || is("f64") || half);
  return false;
}

/// The Desc of an atom (Red false) or red spelling.
template <bool Red> TIRX_HD constexpr ptxdesc::Desc describe_rmw(const ptxdesc::Tokens& t) {
  using namespace ptxdesc;
  Desc d{};
  const int ty = last_type(t);
  Space space = Space::none;
  int op = 0;
  bool acquire = false, has_noftz = false, cluster = false;
  for (int k = 1; k < t.n; ++k) {
    if (t.is(k, "global"))
      space = Space::global;
    if (t.is(k, "shared::cta") || t.is(k, "shared::cluster") || t.is(k, "shared"))
      space = Space::shared;
    cluster = cluster || t.is(k, "shared::cluster");
    if (t.is(k, "L2::cache_hint"))
      d.cache_hint = true;
    acquire = acquire || t.is(k, "acquire") || t.is(k, "acq_rel");
    has_noftz = has_noftz || t.is(k, "noftz");
    const char* ops[] = {"and", "or", "xor", "inc", "dec", "min", "max", "add", "exch", "cas"};
    for (const char* o : ops)
      if (t.is(k, o))
        op = k;
    if (t.e[k] - t.b[k] == 2 && t.text[t.b[k]] == 'v' && t.text[t.b[k] + 1] >= '2' &&
        t.text[t.b[k] + 1] <= '8')
      d.vec = t.text[t.b[k] + 1] - '0';
  }
  (void)cluster;
  const int bits = ty ? type_bits(t, ty) : 0;
  const TypeKind kind = ty ? type_kind(t, ty) : TypeKind::none;
  const char rc = kind == TypeKind::floating && bits == 32   ? 'f'
                  : kind == TypeKind::floating && bits == 64 ? 'd'
                                                             : raw_class(bits);
  const Operand reg{Role::reg, Space::none, bits, rc};
  const Operand mem{Role::mem, space, bits, 'l'};
  const bool half =
      ty && bits <= 32 &&
      (t.is(ty, "f16") || t.is(ty, "bf16") || t.is(ty, "f16x2") || t.is(ty, "bf16x2"));
  if (Red) {
    d.dst = mem;
    d.src = reg;
    d.min_srcs = d.max_srcs = 1;
  } else {
    d.dst = reg;
    d.alt_mask = 1u; // [a]
    d.alt = mem;
    d.src = reg;
    d.min_srcs = d.max_srcs = op && t.is(op, "cas") ? 3 : 2;
    d.loads = true; // d is written from memory: distinct slots, preserve_dst
  }
  d.src_kind = kind;
  d.parsed = ty != 0 && space != Space::none && op != 0;
  if (Red && acquire)
    d.rule = red_acquire;
  else if (d.vec > 1 && space != Space::global)
    d.rule = vec_space;
  else if (d.cache_hint && space != Space::global)
    d.rule = hint_space;
  else if (op && ty && !op_takes(t, op, ty, d.vec > 1))
    d.rule = op_type;
  else if (op && half && !has_noftz)
    d.rule = noftz;
  return d;
}

#if defined(__CUDACC__)
template <fixed_string S>
inline constexpr ptxdesc::Desc desc_of = describe_rmw<S.chars[0] == 'r'>(ptxemit::tokens_v<S>);

/// The address of spelling S's space for the generic pointer p + Imm bytes:
/// global as is, .shared::cta in the CTA's window, .shared::cluster in the
/// cluster's (cvta.to.shared::cluster, sm_90).
template <fixed_string S, long long Imm>
__device__ TIRX_FORCEINLINE unsigned long long rmw_address(const void* p) {
  constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
  const char* q = static_cast<const char*>(p) + Imm;
  if constexpr (t.has("global")) {
    return reinterpret_cast<unsigned long long>(q);
  } else if constexpr (t.has("shared::cluster")) {
    unsigned long long a;
    asm("cvta.to.shared::cluster.u64 %0, %1;" : "=l"(a) : "l"(q));
    return a;
  } else {
    return static_cast<unsigned long long>(__cvta_generic_to_shared(q));
  }
}
#endif

/// The report of a spelling's broken rule (Kind 3) or of a form (Kinds 0-2).
#define TIRX_AR_RULES                                                                              \
  static_assert(                                                                                   \
      Kind != 3 || Best != red_acquire,                                                            \
      "tirx::tile::apply: red has no result to order loads after: it takes .relaxed or "           \
      ".release only; use atom.acquire... (or atom.acq_rel...) for an acquiring update");          \
  static_assert(Kind != 3 || Best != vec_space,                                                    \
                "tirx::tile::apply: atom/red: the vector forms (.v2, .v4, .v8) exist on .global "  \
                "only; use a .global tensor or one scalar atom per element");                      \
  static_assert(Kind != 3 || Best != hint_space,                                                   \
                "tirx::tile::apply: atom/red: .L2::cache_hint applies to .global only (shared "    \
                "memory has no L2 policy); drop it or use a .global tensor");                      \
  static_assert(Kind != 3 || Best != op_type,                                                      \
                "tirx::tile::apply: atom/red: the operation does not take this type (and/or/xor/"  \
                "exch/cas: b32 b64; inc/dec: u32; min/max: u32 s32 u64 s64; add: u32 s32 u64 f32 " \
                "f64, .noftz f16 f16x2 bf16 bf16x2; vectors: add f32, add/min/max .noftz "         \
                "halves); pick one of these");                                                     \
  static_assert(Kind != 3 || Best != noftz,                                                        \
                "tirx::tile::apply: atom/red: the half-precision forms need .noftz after the "     \
                "operation, e.g. \"atom.global.add.noftz.f16x2\"");

struct atom_family {
  static constexpr const char* name = "atom";
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "atom"); }
  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    return describe_rmw<false>(t);
  }
  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/atom.def>
#include <tirx/ptx/rows/atom_cas.def>
#include <tirx/ptx/rows/atom_hint.def>
#include <tirx/ptx/rows/atom_vec.def>
#include <tirx/ptx/rows/forms_end.inc>
  };
  /// The message of broken grammar rule R (Desc::rule): report's Kind 3.
  template <int R> TIRX_HD static constexpr void rule() { report<R, 3>(); }
  template <int Best, int Kind> TIRX_HD static constexpr void report() {
    TIRX_AR_RULES
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/atom.def>
#include <tirx/ptx/rows/atom_cas.def>
#include <tirx/ptx/rows/atom_hint.def>
#include <tirx/ptx/rows/atom_vec.def>
#include <tirx/ptx/rows/report_end.inc>
  }
#if defined(__CUDACC__)
  /// d = the old [a]; [a] = op([a], b) (cas: c where [a] == b).
  template <fixed_string S, Guard G, class D, class M, class B, class... C>
  __device__ TIRX_FORCEINLINE static void issue(const Issue& is, D& d, const M& m, const B& b,
                                                const C&... c);
#endif
};

struct red_family {
  static constexpr const char* name = "red";
  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "red") && !t.is(1, "async");
  }
  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    return describe_rmw<true>(t);
  }
  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/red.def>
#include <tirx/ptx/rows/red_hint.def>
#include <tirx/ptx/rows/red_vec.def>
#include <tirx/ptx/rows/forms_end.inc>
  };
  /// The message of broken grammar rule R (Desc::rule): report's Kind 3.
  template <int R> TIRX_HD static constexpr void rule() { report<R, 3>(); }
  template <int Best, int Kind> TIRX_HD static constexpr void report() {
    TIRX_AR_RULES
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/red.def>
#include <tirx/ptx/rows/red_hint.def>
#include <tirx/ptx/rows/red_vec.def>
#include <tirx/ptx/rows/report_end.inc>
  }
#if defined(__CUDACC__)
  /// [a] = op([a], b).
  template <fixed_string S, Guard G, class M, class B>
  __device__ TIRX_FORCEINLINE static void issue(const Issue& is, M& m, const B& b);
#endif
};
#undef TIRX_AR_RULES

#if defined(__CUDACC__)
#include <tirx/ptx/rows/emit_atom.inc>
template <fixed_string S, Guard G, class D, class M, class B, class... C>
__device__ TIRX_FORCEINLINE void atom_family::issue(const Issue& is, D& d, const M& m, const B& b,
                                                    const C&... cs) {
  constexpr text_view spelling{S.chars, S.size()};
  constexpr int N = D::size;
  const unsigned long long a = rmw_address<S, M::imm>(m.p);
#define TIRX_FAIL static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported atom spelling");
  if constexpr (sizeof...(C) == 1) {
    const auto& c = (cs, ...);
#define TIRX_AR_EMIT(SP, NN, C) TIRX_AR_CAS_1(SP, C)
#include <tirx/ptx/rows/atom_cas.def>
    TIRX_FAIL
#undef TIRX_AR_EMIT
  } else if constexpr (N > 1) {
#define TIRX_AR_EMIT(SP, NN, C) TIRX_AR_ATOMV(SP, NN, C)
#include <tirx/ptx/rows/atom_vec.def>
    TIRX_FAIL
#undef TIRX_AR_EMIT
  } else if constexpr (desc_of<S>.cache_hint) {
#define TIRX_AR_EMIT(SP, NN, C) TIRX_AR_ATOM_H1(SP, C)
#include <tirx/ptx/rows/atom_hint.def>
    TIRX_FAIL
#undef TIRX_AR_EMIT
  } else {
#define TIRX_AR_EMIT(SP, NN, C) TIRX_AR_ATOM_1(SP, C)
#include <tirx/ptx/rows/atom.def>
    TIRX_FAIL
#undef TIRX_AR_EMIT
  }
}

template <fixed_string S, Guard G, class M, class B>
__device__ TIRX_FORCEINLINE void red_family::issue(const Issue& is, M& m, const B& b) {
  constexpr text_view spelling{S.chars, S.size()};
  constexpr int N = B::size;
  const unsigned long long a = rmw_address<S, M::imm>(m.p);
#define TIRX_AR_EMIT(SP, NN, C) TIRX_AR_RED(SP, NN, C)
  if constexpr (N > 1) {
#include <tirx/ptx/rows/red_vec.def>
    TIRX_FAIL
  } else if constexpr (desc_of<S>.cache_hint) {
#include <tirx/ptx/rows/red_hint.def>
    TIRX_FAIL
  } else {
#include <tirx/ptx/rows/red.def>
    TIRX_FAIL
  }
#undef TIRX_AR_EMIT
#undef TIRX_FAIL
}
#include <tirx/ptx/rows/emit_atom_end.inc>
#endif

} // namespace tirx::ptxatom
