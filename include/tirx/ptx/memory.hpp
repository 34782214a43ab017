// The ld / st family: a memory atom of N consecutive elements, aligned to
// N * width bytes, and N registers owned by the issuing thread.
// Spellings ([a|b]: a, b or nothing; {a|b}: a or b; rows: ptx/rows/ld_*.def,
// st_*.def). T is every type of [.v2|.v4]{.b8|.b16|.b32}, [.v2].b64 or
// .b128 (N = 1, 2, 4; twelve per prefix); W is .v8.b32 or .v4.b64 (32 bytes,
// N = 8 or 4: sm_100+, .global only). Every form of a .bN type also takes the
// integer and floating types of N bits (the type axis, ptx/memory_types.hpp:
// ld.global.v4.s32 is the .s32 form of ld.global.v4.b32):
//   ld_global.def       ld.global[.ca|.cg|.cs|.lu|.cv|.nc|.L1::evict_first|.L1::evict_last|
//                         .L1::no_allocate|.nc.L1::no_allocate|.nc.L1::evict_last|.L2::256B]T
//   ld_global_hint.def
//   ld.global[.nc][.L1::evict_first|.L1::evict_last|.L1::no_allocate].L2::cache_hint T,
//                       ld.global{.cg|.cs}.L2::cache_hint T
//   ld_shared.def       ld.shared T        (no qualifier; a 32-bit shared-window address)
//   ld_local.def        ld.local[.ca|.cg|.cs|.lu|.cv]T
//   ld_global_wide.def, ld_global_wide_hint.def
//                       every prefix of ld_global.def and ld_global_hint.def with W, and
//                       ld.global[.nc]{.L2::evict_first|.L2::evict_last|.L2::evict_normal}W
//   st_global.def       st.global[.wb|.cg|.cs|.wt|.L1::no_allocate]T
//   st_global_hint.def  st.global[.L1::no_allocate|.cg|.cs].L2::cache_hint T
//   st_shared.def       st.shared T        (no qualifier)
//   st_local.def        st.local[.wb|.cg|.cs|.wt]T
//   st_global_wide.def, st_global_wide_hint.def
//                       every prefix of st_global.def and st_global_hint.def with W, and
//                       st.global{.L2::evict_first|.L2::evict_last|.L2::evict_normal}W
// (The L2 eviction priorities .L2::evict_* exist only on 32-byte accesses.)
// A .L2::cache_hint spelling takes a 64-bit cache policy as its last operand
// (apply's tile::cache_hint(policy)). Each may be predicated (tile::pred); a
// predicated-off load leaves its registers unspecified, or keeps their old
// values with tile::preserve_dst. Every row carries its oldest sm and PTX ISA.
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/memory_types.hpp>

namespace tirx::ptxmem {

using ptxemit::Guard;
using ptxemit::Issue;

struct family {
  static constexpr const char* name = "ld/st";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "ld") || (t.is(0, "st") && !t.is(1, "async") && !t.is(1, "bulk")) ||
           t.is(0, "ldu");
  }

  /// The rule of the ld/st grammar that tokens t break (0: none), for an
  /// unlisted spelling; rule<R>() names it.
  TIRX_HD static constexpr int broken_rule(const ptxdesc::Tokens& t, ptxdesc::Space space) {
    using ptxdesc::Space;
    const bool load = !t.is(0, "st");
    const bool ordered = t.has("relaxed") || t.has("acquire") || t.has("release");
    const bool scoped = t.has("cta") || t.has("cluster") || t.has("gpu") || t.has("sys");
    const bool vol = t.has("volatile");
    bool cop = t.has("ca") || t.has("cg") || t.has("cs") || t.has("lu") || t.has("cv") ||
               t.has("wb") || t.has("wt") || t.has("nc");
    bool global_only = t.has("nc") || t.has("L2::cache_hint") || t.has("L2::64B") ||
                       t.has("L2::128B") || t.has("L2::256B");
    for (int k = 1; k < t.n; ++k)
      if (t.e[k] - t.b[k] > 4 && t.text[t.b[k]] == 'L' && t.text[t.b[k] + 2] == ':' &&
          t.text[t.b[k] + 4] == 'e') // .L1::evict_*, .L1::no_allocate is not 'e'
        global_only = true;
    const bool no_alloc = t.has("L1::no_allocate");
    if (foreign_type(t, t.n - 1))
      return 7;
    if (t.has("mmio") &&
        (!t.has("relaxed") || !t.has("sys") || (space != Space::global && space != Space::none)))
      return 9;
    if (ordered && !scoped)
      return 1;
    if (scoped && !ordered)
      return 2;
    if ((load && t.has("release")) || (!load && t.has("acquire")))
      return 3;
    if (ordered && space == Space::local)
      return 4;
    if ((ordered && cop) || (vol && (cop || global_only || no_alloc)))
      return 5;
    if ((global_only || no_alloc) && space != Space::global && space != Space::none)
      return 6;
    return 0;
  }

  template <int R> TIRX_HD static constexpr void rule() {
    static_assert(R != 1, "tirx::tile::apply: ld/st .relaxed, .acquire and .release need a scope "
                          "after them (.cta, .cluster, .gpu or .sys); add one, e.g. "
                          "\"ld.acquire.gpu.global.b32\"");
    static_assert(R != 2, "tirx::tile::apply: an ld/st scope (.cta, .cluster, .gpu, .sys) follows "
                          "only .relaxed, .acquire (ld) or .release (st); drop the scope or put "
                          "one of them before it");
    static_assert(R != 3, "tirx::tile::apply: .acquire orders a load and .release a store: ld "
                          "takes .acquire, st takes .release (either takes .relaxed); swap it");
    static_assert(R != 4, "tirx::tile::apply: ld/st .relaxed, .acquire and .release are not valid "
                          "on .local (one thread's memory); use .global or .shared, or drop it");
    static_assert(R != 5, "tirx::tile::apply: an ordered or .volatile ld/st takes no cache "
                          "operator (.ca .cg .cs .lu .cv .wb .wt .nc), and .volatile no cache "
                          "hint or eviction priority either; drop the cache qualifier");
    static_assert(R != 6, "tirx::tile::apply: .nc, the eviction priorities, .L1::no_allocate, "
                          ".L2::cache_hint and the L2 prefetch sizes apply to .global only; drop "
                          "them, or use .global and a global tensor");
    static_assert(R != 7, "tirx::tile::apply: ld/st take the types .b8-.b128, .u8-.u64, "
                          ".s8-.s64, .f32 and .f64 only (PTX has no .f16, .bf16 or packed type "
                          "there); move half and bfloat16 values with .b16, pairs with .b32");
    static_assert(R != 8, "tirx::tile::apply: an ld/st vector holds 2 or 4 elements of 8 to 32 "
                          "bits or 2 of 64 (16 bytes); .v8 of a 32-bit type and .v4 of a 64-bit "
                          "one (32 bytes) need sm_100 and .global, and a 16-byte type has no "
                          "vector; use a narrower vector or type");
    static_assert(R != 9, "tirx::tile::apply: ld/st .mmio is one access to memory-mapped I/O and "
                          "takes .relaxed.sys and .global or no state space (generic); write "
                          "e.g. \"ld.mmio.relaxed.sys.global.b32\"");
  }

  /// Whether a spelling names no state space (generic addressing).
  TIRX_HD static constexpr bool generic(const ptxdesc::Tokens& t) {
    return !t.has("global") && !t.has("shared") && !t.has("shared::cta") &&
           !t.has("shared::cluster") && !t.has("local") && !t.has("const") && !t.has("param");
  }

  /// Whether a spelling is one of the qualified rows (ld_qualified.def,
  /// st_qualified.def) or a typed form of one, which memory.hpp emits with one
  /// asm statement each.
  TIRX_HD static constexpr bool qualified(const ptxdesc::Tokens& t) {
    return t.is(0, "ldu") || t.has("mmio") || generic(t) || t.has("weak") || t.has("volatile") ||
           t.has("relaxed") || t.has("acquire") || t.has("release") || t.has("shared::cta") ||
           t.has("shared::cluster") || t.has("L1::evict_normal") || t.has("L1::evict_unchanged") ||
           t.has("L2::64B") || t.has("L2::128B") ||
           (t.is(0, "st") && (t.has("L1::evict_first") || t.has("L1::evict_last")));
  }
  TIRX_HD static constexpr bool qualified_at(const char* sp) {
    int n = 0;
    while (sp[n] != '\0')
      ++n;
    return qualified(ptxdesc::tokenize(text_view{sp, n}));
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    Space space = Space::none;
    for (int k = 1; k < t.n; ++k) {
      if (t.is(k, "global"))
        space = Space::global;
      if (t.is(k, "shared") || t.is(k, "shared::cta") || t.is(k, "shared::cluster"))
        space = Space::shared;
      if (t.is(k, "local"))
        space = Space::local;
      if (t.is(k, "L2::cache_hint"))
        d.cache_hint = true;
      if (t.e[k] - t.b[k] == 2 && t.text[t.b[k]] == 'v' && t.text[t.b[k] + 1] >= '1' &&
          t.text[t.b[k] + 1] <= '8')
        d.vec = t.text[t.b[k] + 1] - '0';
    }
    const int bits = ty ? type_bits(t, ty) : 0;
    const ElementRule er = element_rule(t, ty);
    const Operand reg{Role::reg, Space::none, bits, raw_class(bits), false, er.elem, er.wide};
    const Operand mem{Role::mem, space, bits, space == Space::shared ? 'r' : 'l', false, er.elem};
    const bool load = !t.is(0, "st");
    d.dst = load ? reg : mem;
    d.src = load ? mem : reg;
    d.src_kind = ty ? type_kind(t, ty) : TypeKind::none;
    d.min_srcs = d.max_srcs = 1;
    d.loads = load;
    d.bounds = true;
    d.parsed = ty != 0 && (space != Space::none || generic(t));
    d.rule = broken_rule(t, space);
    if (d.rule == 0 && er.elem != '\0' && !vector_fits(d.vec, bits, space == Space::global))
      d.rule = 8; // PTX's vector rule (a typed form that tirx lacks otherwise: the closest form)
    return d;
  }

  /// A typed spelling is the variant of its bit form (ptx/memory_types.hpp).
  TIRX_HD static constexpr ptxdesc::Variant variant(const ptxdesc::Tokens& t) {
    return type_variant(t);
  }
  /// The k-th typed spelling a form f stands for too (size 0: no more).
  TIRX_HD static constexpr ptxdesc::Variant variants(const ptxdesc::Form& f, int k) {
    return typed_spelling(f.spelling, k);
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/ld_global.def>
#include <tirx/ptx/rows/ld_global_hint.def>
#include <tirx/ptx/rows/ld_shared.def>
#include <tirx/ptx/rows/ld_local.def>
#include <tirx/ptx/rows/ld_global_wide.def>
#include <tirx/ptx/rows/ld_global_wide_hint.def>
#include <tirx/ptx/rows/st_global.def>
#include <tirx/ptx/rows/st_global_hint.def>
#include <tirx/ptx/rows/st_shared.def>
#include <tirx/ptx/rows/st_local.def>
#include <tirx/ptx/rows/st_global_wide.def>
#include <tirx/ptx/rows/st_global_wide_hint.def>
#include <tirx/ptx/rows/ld_qualified.def>
#include <tirx/ptx/rows/st_qualified.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/ld_global.def>
#include <tirx/ptx/rows/ld_global_hint.def>
#include <tirx/ptx/rows/ld_shared.def>
#include <tirx/ptx/rows/ld_local.def>
#include <tirx/ptx/rows/ld_global_wide.def>
#include <tirx/ptx/rows/ld_global_wide_hint.def>
#include <tirx/ptx/rows/st_global.def>
#include <tirx/ptx/rows/st_global_hint.def>
#include <tirx/ptx/rows/st_shared.def>
#include <tirx/ptx/rows/st_local.def>
#include <tirx/ptx/rows/st_global_wide.def>
#include <tirx/ptx/rows/st_global_wide_hint.def>
#include <tirx/ptx/rows/report_end.inc>
    // the qualified rows name themselves as the closest form; their newer
    // architecture (sm_75, sm_90) and PTX ISA in one message each (a third
    // of the compile cost of a full report row)
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  TIRX_REPORT_BREAK static_assert(                                                                 \
      Kind != 0 || !::tirx::ptxdesc::same_text(forms[Best].spelling, SP),                          \
      "tirx::tile::apply: tirx has no such form (spelling and number of sources); the "            \
      "closest accepted form is \"" SP "\" (every form: docs/instruction-reference.md)");
#include <tirx/ptx/rows/ld_qualified.def>
#include <tirx/ptx/rows/st_qualified.def>
#undef TIRX_ROW
    static_assert(
        Kind != 1 || !qualified_at(forms[Best].spelling),
        "tirx::tile::apply: this ld/st form needs a newer architecture than this device "
        "pass targets (.cluster and .shared::cluster: sm_90; .L2::64B, .L2::128B: sm_75; "
        ".mmio: sm_70); compile for it (-arch=sm_90, -arch=sm_75), or keep the call under #if "
        "__CUDA_ARCH__ >= 900 (750) in code built for several targets");
    static_assert(Kind != 2 || !qualified_at(forms[Best].spelling),
                  "tirx::tile::apply: this ld/st form needs a newer PTX ISA than this CUDA toolkit "
                  "emits (.weak, .relaxed, .acquire, .release: 6.0; .cluster, .shared::cta, "
                  ".shared::cluster: 7.8; .L1::evict_*, .L2::64B, .L2::128B: 7.4; .mmio: 8.2; "
                  ".b128: 8.3); use a newer toolkit");
  }

#if defined(__CUDACC__)
  /// ld: registers <- [address]; st: [address] <- registers.
  template <fixed_string S, Guard G, class D, class X>
  __device__ TIRX_FORCEINLINE static void issue(const Issue& is, D& d, const X& x);
#endif
};

#if defined(__CUDACC__)
// The address operand: global and local take a 64-bit address, shared a
// 32-bit shared-window address.
template <char Space> __device__ TIRX_FORCEINLINE auto address(const void* p) {
  if constexpr (Space == 'c') { // .shared::cluster: this CTA's or a peer's (mapa) shared memory
    unsigned a = 0;
#if __CUDA_ARCH__ >= 900
    asm("{ .reg .u64 t; cvta.to.shared::cluster.u64 t, %1; cvt.u32.u64 %0, t; }"
        : "=r"(a)
        : "l"(p));
#endif
    return a;
  } else if constexpr (Space == 's')
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
  else if constexpr (Space == 'l')
    return static_cast<unsigned long long>(__cvta_generic_to_local(p));
  else
    return reinterpret_cast<unsigned long long>(p);
}

template <fixed_string S> TIRX_HD constexpr char space_of() {
  return S.chars[3] == 's' ? 's' : (S.chars[3] == 'l' ? 'l' : 'g'); // "ld.s", "ld.l", "ld.g"
}
template <fixed_string S>
inline constexpr ptxdesc::Desc desc_of = family::describe(ptxemit::tokens_v<S>);
template <fixed_string S> TIRX_HD constexpr bool hint_of() { return desc_of<S>.cache_hint; }
template <fixed_string S>
inline constexpr bool qualified_v = family::qualified(ptxemit::tokens_v<S>);
/// The address kind of a qualified spelling: 'c' .shared::cluster, 's' .shared, 'l' .local, 'g'.
template <fixed_string S> TIRX_HD constexpr char qspace_of() {
  constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
  return t.has("shared::cluster") ? 'c'
         : desc_of<S>.src.space == ptxdesc::Space::shared ||
                 desc_of<S>.dst.space == ptxdesc::Space::shared
             ? 's'
         : t.has("local") ? 'l'
                          : 'g';
}
/// A typed spelling's variant (its bit form), size 0 for a bit spelling.
template <fixed_string S>
inline constexpr ptxdesc::Variant variant_v = type_variant(ptxemit::tokens_v<S>);
/// The spelling of S's row: S, or a typed S's bit form.
template <fixed_string S> TIRX_HD constexpr auto row_spelling() {
  if constexpr (variant_v<S>.size > 0) {
    char buf[variant_v<S>.size + 1] = {};
    for (int i = 0; i < variant_v<S>.size; ++i)
      buf[i] = variant_v<S>.text[i];
    return fixed_string<variant_v<S>.size + 1>(buf);
  } else {
    return S;
  }
}
/// 'b' for a bit spelling, else the first letter of the type ('u', 's', 'f').
template <fixed_string S> TIRX_HD constexpr char type_letter() {
  constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
  return variant_v<S>.size > 0 ? t.text[t.b[t.n - 1]] : 'b';
}

#include <tirx/ptx/rows/emit_memory.inc>

/// Loads N elements of S's type from p + Imm bytes into the registers r (0
/// <= Imm < 2^24: an immediate offset of the address; raw carriers of the
/// type's width, or of 32 and 64 bits for a typed S; RS: the spelling of
/// S's row). is: the predicate (Guard::pred, pred_preserve) and the policy
/// (.L2::cache_hint).
template <fixed_string S, int N, Guard G, long long Imm = 0, fixed_string RS = row_spelling<S>(),
          class R>
__device__ TIRX_FORCEINLINE void load(R (&r)[N], const void* p, Issue is) {
  constexpr int Bits = desc_of<S>.dst.bits;
#define TIRX_MEM_ROWS(X) <tirx/ptx/rows/ld_##X.def>
#define TIRX_MEM_ROW(X) TIRX_LD##X
#include <tirx/ptx/rows/emit_memory_access.inc>
}

/// Stores N registers to p + Imm bytes (0 <= Imm < 2^24).
template <fixed_string S, int N, Guard G, long long Imm = 0, fixed_string RS = row_spelling<S>(),
          class R>
__device__ TIRX_FORCEINLINE void store(void* p, const R (&r)[N], Issue is) {
  constexpr int Bits = desc_of<S>.src.bits;
#define TIRX_MEM_ROWS(X) <tirx/ptx/rows/st_##X.def>
#define TIRX_MEM_ROW(X) TIRX_ST##X
#include <tirx/ptx/rows/emit_memory_access.inc>
}
#include <tirx/ptx/rows/emit_memory_end.inc>

template <fixed_string S, Guard G, class D, class X>
__device__ TIRX_FORCEINLINE void family::issue(const Issue& is, D& d, const X& x) {
  if constexpr (ptxemit::is_mem_v<D>) { // st [d] <- x
    store<S, X::size, G, D::imm>(const_cast<void*>(d.p), x.r, is);
  } else { // ld d <- [x]
    load<S, D::size, G, X::imm>(d.r, x.p, is);
  }
}
#endif

} // namespace tirx::ptxmem
