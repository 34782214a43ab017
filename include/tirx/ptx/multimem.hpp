// The multimem family (sm_90, PTX 8.1): loads, stores and reductions on a
// multicast object, an address that NVLink maps to one buffer on each GPU
// of a group (cuMulticastCreate, cuMulticastBindMem, cuMemMap: the
// multicast address is global memory of every GPU at once).
//   multimem.ld_reduce: d = the reduction of [a] over every GPU (d, [a])
//   multimem.st:        [a] = b on every GPU                     ([a], b)
//   multimem.red:       [a] = op([a], b) on every GPU            ([a], b)
// The tensor over the multicast address is the memory operand; the atom
// is the vector (.v2, .v4, .v8) or one element. An all-reduce reads with
// ld_reduce and writes back with st; a reduce-scatter adds with red.
// Spellings (ptx/rows/multimem_*.def list the unqualified .global forms;
// the orderings and scopes are their variants):
//   multimem.ld_reduce[Q].global{.add|.min|.max}{.u32 .s32 .u64 .s64}, {.and .or .xor}{.b32 .b64}
//       (add: no .s64), {.add .min .max}[.v2|.v4]{.f16x2 .bf16x2}, {.v2 .v4 .v8}{.f16 .bf16},
//       .add[.v2|.v4].f32, .add.f64, .add.acc::f32 (PTX 8.2) with the half forms
//   multimem.st[Q].global{.b32 .u32 .s32 .f32 .b64 .u64 .s64 .f64}, the half forms, [.v2|.v4].f32
//   multimem.red[Q].global: red's integer operations, .add of the floating forms
//   Q: ld_reduce .weak or {.relaxed|.acquire}{.cta|.cluster|.gpu|.sys};
//      st .weak or {.relaxed|.release}{scope}; red {.relaxed|.release}{scope}
// cuda::ptx's multimem_* take the integer scalars only; the family emits
// its rows' text (floating types, vectors, .acc::f32, tile::pred).
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxmultimem {

using ptxemit::Guard;
using ptxemit::Issue;

/// The grammar rules an unlisted spelling can break (Desc::rule).
enum Rule {
  none = 0,
  order_scope = 1, ///< an ordering without a scope, or a scope without one
  order_op = 2,    ///< an ordering the operation does not take
  global = 3,      ///< no .global
};

/// The qualifiers (orderings and scopes) of the three operations; index 0
/// is the unqualified form.
inline constexpr const char* qualifiers[] = {"",
                                             ".weak",
                                             ".relaxed.cta",
                                             ".relaxed.cluster",
                                             ".relaxed.gpu",
                                             ".relaxed.sys",
                                             ".acquire.cta",
                                             ".acquire.cluster",
                                             ".acquire.gpu",
                                             ".acquire.sys",
                                             ".release.cta",
                                             ".release.cluster",
                                             ".release.gpu",
                                             ".release.sys"};
inline constexpr int qualifier_count = 14;

/// Whether operation op ("ld_reduce", "st", "red": token 1) takes
/// qualifier q.
TIRX_HD constexpr bool takes(const ptxdesc::Tokens& t, int q) {
  if (q == 0)
    return true;
  if (t.is(1, "ld_reduce"))
    return q < 10;
  if (t.is(1, "st"))
    return q < 6 || q >= 10;
  return q >= 2 && (q < 6 || q >= 10); // red: no .weak, no .acquire
}

/// The qualifier of tokens t (0: none; -1: not one of the list).
TIRX_HD constexpr int qualifier_of(const ptxdesc::Tokens& t) {
  const char* sems[] = {"relaxed", "acquire", "release"};
  const char* scopes[] = {"cta", "cluster", "gpu", "sys"};
  int sem = -1, scope = -1;
  bool weak = false;
  for (int k = 2; k < t.n; ++k) {
    weak = weak || t.is(k, "weak");
    for (int i = 0; i < 3; ++i)
      sem = t.is(k, sems[i]) ? i : sem;
    for (int i = 0; i < 4; ++i)
      scope = t.is(k, scopes[i]) ? i : scope;
  }
  if (weak)
    return sem < 0 && scope < 0 ? 1 : -1;
  if (sem < 0 && scope < 0)
    return 0;
  if (sem < 0 || scope < 0)
    return -1;
  return 2 + 4 * sem + scope;
}

/// Whether token k of t is an ordering or a scope.
TIRX_HD constexpr bool qualifier_token(const ptxdesc::Tokens& t, int k) {
  const char* words[] = {"weak", "relaxed", "acquire", "release", "cta", "cluster", "gpu", "sys"};
  for (const char* w : words)
    if (t.is(k, w))
      return true;
  return false;
}

/// The listed form of a qualified spelling (the same without its ordering
/// and scope); size 0 for an unqualified one.
TIRX_HD constexpr ptxdesc::Variant qualified_variant(const ptxdesc::Tokens& t) {
  ptxdesc::Variant v{};
  const int q = qualifier_of(t);
  if (q <= 0 || !takes(t, q) || t.text.size >= static_cast<int>(sizeof v.text))
    return v; // (a qualifier the operation lacks: no variant, its rule reports it)
  for (int k = 0; k < t.n; ++k) {
    if (k >= 2 && qualifier_token(t, k))
      continue;
    if (k > 0)
      v.text[v.size++] = '.';
    for (int i = t.b[k]; i < t.e[k]; ++i)
      v.text[v.size++] = t.text[i];
  }
  return v;
}

/// The k-th qualified spelling of form f (size 0: no more).
TIRX_HD constexpr ptxdesc::Variant qualified_spelling(const char* f, int k) {
  ptxdesc::Variant v{};
  int n = 0;
  while (f[n] != '\0')
    ++n;
  const ptxdesc::Tokens t = ptxdesc::tokenize(text_view{f, n});
  int q = 1, seen = -1;
  for (; q < qualifier_count; ++q)
    if (takes(t, q) && ++seen == k)
      break;
  if (q == qualifier_count || t.n < 2 || n + 18 > static_cast<int>(sizeof v.text))
    return v;
  for (int i = 0; i < t.e[1]; ++i)
    v.text[v.size++] = f[i];
  for (const char* c = qualifiers[q]; *c != '\0'; ++c)
    v.text[v.size++] = *c;
  for (int i = t.e[1]; i < n; ++i)
    v.text[v.size++] = f[i];
  return v;
}

struct family {
  static constexpr const char* name = "multimem";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "multimem"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    const TypeKind kind = ty ? type_kind(t, ty) : TypeKind::none;
    for (int k = 2; k < t.n; ++k)
      if (t.e[k] - t.b[k] == 2 && t.text[t.b[k]] == 'v')
        d.vec = t.text[t.b[k] + 1] - '0';
    const char rc = kind == TypeKind::floating && bits == 32   ? 'f'
                    : kind == TypeKind::floating && bits == 64 ? 'd'
                                                               : raw_class(bits);
    const Operand reg{Role::reg, Space::none, bits, rc};
    const Operand mem{Role::mem, Space::global, bits, 'l'};
    const bool load = t.is(1, "ld_reduce");
    d.dst = load ? reg : mem;
    d.src = load ? mem : reg;
    d.loads = load;
    d.src_kind = kind;
    d.min_srcs = d.max_srcs = 1;
    d.parsed = ty != 0 && (load || t.is(1, "st") || t.is(1, "red"));
    const int q = qualifier_of(t);
    d.rule = q < 0 ? order_scope : !takes(t, q) ? order_op : !t.has("global") ? global : none;
    return d;
  }

  /// A qualified spelling is the variant of its unqualified form.
  TIRX_HD static constexpr ptxdesc::Variant variant(const ptxdesc::Tokens& t) {
    return qualified_variant(t);
  }
  /// The k-th qualified spelling a form f stands for too (size 0: no more).
  TIRX_HD static constexpr ptxdesc::Variant variants(const ptxdesc::Form& f, int k) {
    return qualified_spelling(f.spelling, k);
  }

#define TIRX_MM(H, T, NSRC, REGS, PTX, DC, SC) TIRX_ROW(H T, NSRC, REGS, sm_90, PTX, DC, SC)
  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/multimem_ld.def>
#include <tirx/ptx/rows/multimem_st.def>
#include <tirx/ptx/rows/multimem_red.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  /// The message of broken grammar rule R (Desc::rule).
  template <int R> TIRX_HD static constexpr void rule() {
    static_assert(R != order_scope,
                  "tirx::tile::apply: multimem: an ordering (.relaxed, .acquire, .release) takes "
                  "a scope (.cta, .cluster, .gpu, .sys) and a scope takes one; .weak takes none");
    static_assert(R != order_op,
                  "tirx::tile::apply: multimem: ld_reduce orders with .weak, .relaxed or "
                  ".acquire; st with .weak, .relaxed or .release; red with .relaxed or .release");
    static_assert(R != global, "tirx::tile::apply: multimem: write .global after the ordering "
                               "(a multicast address is global memory), e.g. "
                               "\"multimem.ld_reduce.relaxed.sys.global.add.f32\"");
  }

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/multimem_ld.def>
#include <tirx/ptx/rows/multimem_st.def>
#include <tirx/ptx/rows/multimem_red.def>
#include <tirx/ptx/rows/report_end.inc>
  }
#undef TIRX_MM

#if defined(__CUDACC__)
  /// ld_reduce: d = the reduction of [x] (D registers, X the address);
  /// st and red: [d] = b or op([d], b) (D the address, X the registers).
  template <fixed_string S, Guard G, class D, class X>
  __device__ TIRX_FORCEINLINE static void issue(const Issue& is, D& d, const X& x);
#endif
};

#if defined(__CUDACC__)
/// Whether row spelling sp is S's listed form (S itself when unqualified).
template <fixed_string S, int N> TIRX_HD constexpr bool listed_as(const char (&sp)[N]) {
  const ptxdesc::Variant v = qualified_variant(ptxemit::tokens_v<S>);
  return v.size == 0 ? ptxemit::same<S>(sp) : ptxdesc::spelled(text_view{v.text, v.size}, sp);
}
template <fixed_string S> inline constexpr int qualifier_v = qualifier_of(ptxemit::tokens_v<S>);
#include <tirx/ptx/rows/emit_multimem.inc>
template <fixed_string S, Guard G, class D, class X>
__device__ TIRX_FORCEINLINE void family::issue(const Issue& is, D& d, const X& x) {
  constexpr int q = qualifier_v<S>;
  if constexpr (ptxemit::tokens_v<S>.is(1, "ld_reduce")) {
    constexpr int N = D::size;
    static_assert(X::imm >= 0 && X::imm < (1LL << 24),
                  "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
    const unsigned long long a = reinterpret_cast<unsigned long long>(x.p);
#define TIRX_MM(H, T, NSRC, NN, PTX, DC, SC) TIRX_MM_LOAD(H, T, NN, DC)
#include <tirx/ptx/rows/multimem_ld.def>
#undef TIRX_MM
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported multimem spelling");
  } else {
    constexpr int N = X::size;
    static_assert(D::imm >= 0 && D::imm < (1LL << 24),
                  "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
    const unsigned long long a = reinterpret_cast<unsigned long long>(d.p);
    const X& b = x;
#define TIRX_MM(H, T, NSRC, NN, PTX, DC, SC) TIRX_MM_STORE(H, T, NN, SC)
#include <tirx/ptx/rows/multimem_st.def>
#include <tirx/ptx/rows/multimem_red.def>
#undef TIRX_MM
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported multimem spelling");
  }
}
#include <tirx/ptx/rows/emit_multimem_end.inc>
#endif

} // namespace tirx::ptxmultimem
