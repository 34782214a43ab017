// Host tests of the instruction descriptions (include/tirx/ptx): what each
// family's describe() says about a spelling (operand roles, widths, atom,
// options, warp-collective), the forms and their oldest sm and PTX ISA, the
// architecture rule, the closest form to a misspelling, and the atom as a
// thread-value layout. Compile-time facts are static_asserts; the TEST_CASE
// makes Catch2 count the file and checks the lookups at run time too.
#include <tirx/layout/parse.hpp>
#include <tirx/ptx/families.hpp>

#include <catch2/catch.hpp>

#include <cstring>
#include <string>

using namespace tirx;
using ptxdesc::Role;
using ptxdesc::Space;

namespace {
constexpr ptxdesc::Desc desc(const char* s) {
  int n = 0;
  while (s[n] != '\0')
    ++n;
  return ptxdesc::registered::describe(text_view{s, n});
}
constexpr ptxdesc::Form form(const char* s, int nsrc) {
  int n = 0;
  while (s[n] != '\0')
    ++n;
  const text_view t{s, n};
  return ptxdesc::registered::form(ptxdesc::registered::describe(t).family, t, nsrc);
}
} // namespace

// roles, widths and atoms
static_assert(desc("ld.global.v4.b32").dst.role == Role::reg &&
              desc("ld.global.v4.b32").src.role == Role::mem);
static_assert(desc("ld.global.v4.b32").src.space == Space::global &&
              desc("ld.global.v4.b32").vec == 4);
static_assert(desc("st.shared.b16").dst.role == Role::mem &&
              desc("st.shared.b16").dst.space == Space::shared);
static_assert(desc("cvt.rn.f16.f32").dst.bits == 16 && desc("cvt.rn.f16.f32").src.bits == 32);
static_assert(desc("cvt.rn.f16x2.f32").min_srcs == 2 && desc("cvt.rn.f16x2.f32").max_srcs == 2);
static_assert(desc("min.f32").min_srcs == 2 && desc("min.f32").max_srcs == 3);
static_assert(desc("cp.async.cg.shared.global").dst.role == Role::mem &&
              desc("cp.async.cg.shared.global").src.role == Role::mem &&
              desc("cp.async.cg.shared.global").chunks == 16 &&
              desc("cp.async.ca.shared.global").chunks == (4 | 8 | 16) &&
              desc("cp.async.cg.shared.global").fills && !desc("ld.global.b32").fills);
static_assert(desc("cp.async.ca.shared::cta.global.L2::cache_hint.L2::128B").cache_hint &&
              desc("cp.async.ca.shared::cta.global.L2::cache_hint.L2::128B").parsed &&
              !desc("cp.async.ca.shared.global").cache_hint);
static_assert(form("cp.async.cg.shared::cta.global", 1).min_ptx == 78 &&
              form("cp.async.ca.shared.global.L2::cache_hint", 1).min_ptx == 74 &&
              form("cp.async.ca.shared.global", 1).min_sm == ptxdesc::sm_80);
// the cache-line family: the tensor is the one (memory) operand, its atom a 128-byte line
static_assert(desc("discard.global.L2").dst.role == Role::mem &&
              desc("discard.global.L2").dst.space == Space::global &&
              desc("discard.L2").dst.space == Space::global && desc("discard.L2").max_srcs == 0 &&
              desc("discard.L2").line_bytes == 128 && !desc("discard.L2").line_unaligned);
static_assert(desc("prefetch.L1").dst.space == Space::none &&
              desc("prefetch.local.L2").dst.space == Space::local &&
              desc("prefetchu.L1").line_unaligned && desc("prefetch.global.L2").line_bytes == 128 &&
              desc("ld.global.b32").line_bytes == 0);
static_assert(form("prefetch.global.L2::evict_last", 0).min_sm == ptxdesc::sm_80 &&
              form("applypriority.L2::evict_normal", 0).min_ptx == 74 &&
              form("prefetch.global.L2", 1).spelling == nullptr);
// mixed precision: 16-bit sources, an f32 addend and destination; sm_100
static_assert(desc("fma.rn.f32.bf16").src.bits == 16 && desc("fma.rn.f32.bf16").dst.bits == 32 &&
              ptxdesc::source_bits(desc("fma.rn.f32.bf16"), 2) == 32 &&
              ptxdesc::source_bits(desc("add.f32.f16"), 0) == 16 &&
              ptxdesc::source_bits(desc("add.f32.f16"), 1) == 32);
static_assert(form("sub.rz.sat.f32.f16", 2).min_sm == ptxdesc::sm_100 &&
              form("add.f32", 2).min_sm == ptxdesc::sm_any &&
              desc("add.f32.f16").family != desc("add.f32").family);
// options and collectives
static_assert(desc("ld.global.L2::cache_hint.b32").cache_hint && !desc("ld.global.b32").cache_hint);
static_assert(desc("ld.global.b32").bounds && !desc("add.f32").bounds && desc("add.f32").guards);
static_assert(desc("shfl.sync.bfly.b32").lanes == 32 && !desc("shfl.sync.bfly.b32").guards);
static_assert(desc("redux.sync.add.u32").lanes == 32 && desc("redux.sync.add.u32").min_srcs == 2);
static_assert(desc("frobnicate.f32").family < 0);
// the warp-level families: collective but activemask; the d|p forms write two destinations
static_assert(desc("vote.sync.ballot.b32").lanes == 32 && desc("match.all.sync.b64").lanes == 32 &&
              desc("elect.sync").lanes == 32 && desc("activemask.b32").lanes == 1);
static_assert(ptxdesc::class_count(form("shfl.sync.up.b32", 5).dst_class) == 2 &&
              ptxdesc::class_count(form("shfl.sync.up.b32", 4).dst_class) == 1 &&
              ptxdesc::class_count(form("match.all.sync.b32", 3).dst_class) == 2 &&
              form("match.any.sync.b32", 3).spelling == nullptr); // .any has no d|p
static_assert(desc("match.any.sync.b64").src.bits == 64 &&
              desc("match.any.sync.b64").dst.bits == 32 &&
              desc("match.any.sync.b64").scalar_bits == 32 &&
              ptxdesc::source_class(form("match.any.sync.b64", 2).src_class, 0) == 'l' &&
              ptxdesc::source_class(form("match.any.sync.b64", 2).src_class, 1) == 'r');
// predicates: setp's p (and q, right after it), selp's c, vote's a are bool operands
static_assert(desc("setp.lt.s32").dst.pred && desc("setp.lt.s32").dst2.pred &&
              ptxdesc::two_destinations(form("setp.lt.s32", 3)) &&
              !ptxdesc::two_destinations(form("setp.lt.s32", 2)) &&
              !ptxdesc::two_destinations(form("setp.lt.and.s32", 3)) &&
              ptxdesc::two_destinations(form("setp.lt.and.s32", 4)) &&
              form("setp.lt.f16x2", 2).spelling == nullptr &&
              ptxdesc::source_operand(desc("selp.f32"), 2).pred &&
              !ptxdesc::source_operand(desc("selp.f32"), 1).pred &&
              ptxdesc::source_operand(desc("vote.sync.all.pred"), 0).pred &&
              desc("vote.sync.all.pred").dst.pred && !desc("vote.sync.ballot.b32").dst.pred &&
              desc("shfl.sync.up.b32").dst2.pred);
// half-precision set (PTX ISA 9.7.8.1): the destination's width and class are dtype's, the
// sources' stype's (a .u32 d from .f16 sources; the packed pairs 32 bits); the grid, .ftz only
// with an .f16/.f32/.f16x2 source and never a bf16 d; bf16 needs sm_90
static_assert(
    desc("set.lt.u32.f16").dst.bits == 32 && desc("set.lt.u32.f16").dst.reg_class == 'r' &&
    desc("set.lt.u32.f16").src.bits == 16 && desc("set.lt.u32.f16").src.reg_class == 'h' &&
    desc("set.lt.u32.f16").src_kind == ptxdesc::TypeKind::floating &&
    desc("set.eq.f16.f64").dst.bits == 16 && desc("set.eq.f16.f64").src.reg_class == 'd' &&
    desc("set.eq.bf16.f32").src.reg_class == 'f' && desc("set.ne.f16.b64").src.reg_class == 'l' &&
    desc("set.gt.u32.bf16x2").src.bits == 32 &&
    desc("set.gt.u32.bf16x2").src_kind == ptxdesc::TypeKind::packed &&
    *form("set.lt.f16.f32", 2).dst_class == 'h' && *form("set.lt.f16.f32", 2).src_class == 'f' &&
    *form("set.lt.s32.f16", 2).dst_class == 'r' && *form("set.lt.s32.f16", 2).src_class == 'h' &&
    ptxdesc::source_operand(desc("set.lt.and.f16x2.f16x2"), 2).pred &&
    form("set.lt.and.f16x2.f16x2", 3).spelling != nullptr &&
    form("set.lt.ftz.f16.f32", 2).spelling != nullptr &&
    form("set.lt.ftz.f16.f64", 2).spelling == nullptr &&
    form("set.lt.ftz.bf16.f32", 2).spelling == nullptr &&
    form("set.lt.ftz.u32.bf16", 2).spelling == nullptr &&
    form("set.lt.f16.u32", 2).spelling != nullptr &&
    form("set.lo.f16.u32", 2).spelling == nullptr &&
    form("set.lt.f16.b32", 2).spelling == nullptr &&
    form("set.eq.f16.bf16", 2).spelling == nullptr &&
    form("set.eq.u32.f16x2", 2).spelling != nullptr &&
    form("set.eq.f16x2.bf16x2", 2).spelling == nullptr &&
    form("set.eq.bf16.f32", 2).min_sm == ptxdesc::sm_90 &&
    form("set.eq.bf16.f32", 2).min_ptx == 78 &&
    form("set.eq.u16.bf16", 2).min_sm == ptxdesc::sm_90 &&
    form("set.eq.f16.f32", 2).min_sm == ptxdesc::sm_any && form("set.eq.f16.f32", 2).min_ptx == 42);
// predicate logic: the .pred lines are bool operands (their own family, not bits or mov);
// lop3's BoolOp form writes d and p, takes the LUT as an immediate and q as a bool
static_assert(desc("and.pred").dst.pred && ptxdesc::source_operand(desc("xor.pred"), 1).pred &&
              desc("not.pred").max_srcs == 1 && desc("mov.pred").src.pred &&
              !desc("and.b32").dst.pred && !desc("mov.b32").dst.pred &&
              desc("and.pred").family != desc("and.b32").family &&
              ptxdesc::two_destinations(form("lop3.or.b32", 6)) && !desc("lop3.and.b32").dst.pred &&
              desc("lop3.and.b32").dst2.pred && desc("lop3.or.b32").imm_src == 3 &&
              ptxdesc::source_operand(desc("lop3.or.b32"), 4).pred &&
              form("lop3.and.b32", 6).min_sm == ptxdesc::sm_70 &&
              form("lop3.and.b32", 6).min_ptx == 82 &&
              form("lop3.xor.b32", 6).spelling == nullptr &&
              form("lop3.b32", 4).spelling != nullptr);
static_assert(form("elect.sync", 2).min_sm == ptxdesc::sm_90 &&
              form("activemask.b32", 0).min_ptx == 62 && desc("activemask.b32").min_srcs == 0 &&
              desc("activemask.b32").max_srcs == 0);
static_assert(form("shfl.sync.bfly.b64", 4).spelling == nullptr &&
              form("vote.sync.ballot.b64", 2).spelling == nullptr);
// the oldest sm and PTX ISA of each form
static_assert(form("add.f32", 2).min_sm == ptxdesc::sm_any);
static_assert(form("min.f32", 3).min_sm == ptxdesc::sm_100 &&
              form("min.f32", 2).min_sm == ptxdesc::sm_any);
static_assert(form("cvt.rn.satfinite.e4m3x2.f32", 2).min_sm == ptxdesc::sm_89);
static_assert(form("add.bf16x2", 2).min_sm == ptxdesc::sm_90);
static_assert(form("ld.global.v8.b32", 1).min_sm == ptxdesc::sm_100 &&
              form("ld.global.v8.b32", 1).min_ptx == 88);
static_assert(form("ld.global.b128", 1).min_ptx == 83);
static_assert(form("redux.sync.min.f32", 2).min_sm == ptxdesc::sm_100a);
static_assert(form("add.f32", 3).spelling == nullptr); // no such form
// the type axis of ld/st: a typed spelling is its bit form's variant (the same row, its own
// register class: 32-bit registers up to 32 bits), its elements integers or the float type
static_assert(ptxdesc::same_text(form("ld.global.nc.v4.s32", 1).spelling, "ld.global.nc.v4.b32") &&
              form("ld.global.nc.v4.s32", 1).dst_class[0] == 'r');
static_assert(ptxdesc::same_text(form("st.shared.v2.s8", 1).spelling, "st.shared.v2.b8") &&
              form("st.shared.v2.s8", 1).src_class[0] == 'r' &&
              form("st.shared.v2.b8", 1).src_class[0] == 'h');
static_assert(form("ld.global.v4.f64", 1).min_sm == ptxdesc::sm_100 &&
              form("ldu.global.v4.u32", 1).spelling != nullptr &&
              form("ld.acquire.gpu.global.v2.f32", 1).spelling != nullptr);
static_assert(desc("ld.global.s8").dst.elem == 'i' && desc("ld.global.s8").dst.wide == 32 &&
              desc("ld.global.s8").src.elem == 'i' && desc("ld.global.s8").src.wide == 0);
static_assert(desc("st.global.f64").src.elem == 'f' && desc("st.global.b32").src.elem == '\0' &&
              desc("ld.global.u64").dst.wide == 64);
static_assert(form("ld.global.v8.s8", 1).spelling == nullptr && desc("ld.global.v8.s8").rule == 8 &&
              desc("ld.shared.v4.s64").rule == 8 && desc("ld.global.f16").rule == 7 &&
              desc("st.global.v2.bf16").rule == 7 && desc("ld.global.b128").rule == 0);
static_assert(form("ld.global.u128", 1).spelling == nullptr &&
              form("ld.global.f16", 1).spelling == nullptr);
// a typed form tirx does not list but PTX has (an ordered access with an eviction priority): no
// rule, the closest form
static_assert(form("ld.relaxed.gpu.global.L1::evict_last.s32", 1).spelling == nullptr &&
              desc("ld.relaxed.gpu.global.L1::evict_last.s32").rule == 0);
// every type and vector of the qualified classes (.weak, .volatile, ordered, ldu, ...)
static_assert(form("ld.acquire.gpu.global.v4.s8", 1).spelling != nullptr &&
              form("st.release.cluster.shared::cluster.b128", 1).min_ptx == 83 &&
              form("ldu.global.v2.u16", 1).spelling != nullptr &&
              form("st.volatile.shared.v2.f64", 1).spelling != nullptr);
// the architecture rule: plain codes by number, arch-specific ones exactly
static_assert(ptxdesc::arch_ok(ptxdesc::sm_89, ptxdesc::sm_90a) &&
              !ptxdesc::arch_ok(ptxdesc::sm_89, ptxdesc::sm_80));
static_assert(ptxdesc::arch_ok(ptxdesc::sm_90a, ptxdesc::sm_90a) &&
              !ptxdesc::arch_ok(ptxdesc::sm_90a, ptxdesc::sm_90));
static_assert(!ptxdesc::arch_ok(ptxdesc::sm_90a, ptxdesc::sm_100a) &&
              ptxdesc::arch_ok(ptxdesc::sm_100, ptxdesc::sm_100a));
// the atom as a thread-value layout
static_assert(ptxdesc::atom_layout(desc("shfl.sync.idx.b32"), 1) ==
              layout_of<"S[(32, 1) : (1@laneid, 1)]">);
static_assert(ptxdesc::atom_layout(desc("ld.global.v4.b32"), 4) == layout_of<"S[4 : 1]">);

TEST_CASE("ptx descriptions: the closest form to a misspelling, the family lists") {
  auto closest = [](const char* s, int nsrc) {
    const text_view t{s, static_cast<int>(std::strlen(s))};
    const ptxdesc::Desc d = ptxdesc::registered::describe(t);
    const ptxdesc::Closest c = ptxdesc::registered::closest(d.family, t, nsrc);
    return c;
  };
  // a wrong type in a known family: the form of the same family nearest to it
  const ptxdesc::Closest c1 = closest("ld.global.v4.b31", 1);
  REQUIRE(c1.family == 0);
  CHECK(std::strcmp(ptxmem::family::forms[c1.index].spelling, "ld.global.v4.b32") == 0);
  // an unknown opcode: the nearest form of any family
  const text_view t{"fmaa.rn.f32", 11};
  const ptxdesc::Closest c2 = ptxdesc::registered::closest(-1, t, 3);
  REQUIRE(c2.family == 1);
  CHECK(std::strcmp(ptxarith::family::forms[c2.index].spelling, "fma.rn.f32") == 0);
  // every form of every family is found by its own spelling and source count
  // (and every spelling a form stands for too, F::variants: the typed ld/st, found as their form,
  // with their own register class)
  int forms = 0, variants = 0;
  auto all = [&]<class... F>(ptxdesc::family_list<F...>) {
    (
        [&] {
          for (const ptxdesc::Form& f : F::forms) {
            ++forms;
            const ptxdesc::Form g = form(f.spelling, f.sources);
            CHECK(g.spelling == f.spelling);
            if constexpr (requires { F::variants(f, 0); })
              for (int k = 0; F::variants(f, k).size > 0; ++k) {
                ++variants;
                const ptxdesc::Variant v = F::variants(f, k);
                const ptxdesc::Form h = form(std::string(v.text, v.size).c_str(), f.sources);
                CHECK(h.spelling == f.spelling);
                CHECK(h.min_sm == f.min_sm);
              }
          }
        }(),
        ...);
  };
  all(ptxdesc::families{});
  // 1542, + 24 cp.async forms, + 94 tcgen05 forms, + 16 warp-level forms (shfl d|p 4, vote 4,
  // match 6, elect 1, activemask 1), + 180 integer and bits forms, + 437 atom and red forms,
  // + 646 floating-point and qualified ld/st forms, + 2300 compare and select forms,
  // + 13 prefetch/discard/applypriority forms, + 56 mixed-precision forms, + 7 predicate-logic
  // forms, + 1960 half-precision set forms, - 84 typed ld/st forms (variants now), + 414 bit forms
  // of the qualified ld/st classes (every type and vector of .weak, .volatile, the orderings, ldu,
  // ...), + 158 st.async/red.async forms, + 124 multimem forms; and the 3033 typed ld/st variants
  // of the .b8 to .b64 forms (2 of each .b8 and .b16 form, 3 of each .b32 and .b64 form) and the
  // 1083 multimem variants (their orderings and scopes): 12003 spellings; then + 296 ld/st/ldu
  // forms of generic addressing and .mmio, with their 661 typed variants: 12960 spellings
  CHECK(forms == 8183);
  CHECK(variants == 4777);
}
