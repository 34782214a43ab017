// GPU test of tile::apply with every arithmetic spelling of
// include/tirx/ptx/arith.hpp (label gpu): the X-macro lists TIRX_F32_UNARY,
// TIRX_F32_BINARY, TIRX_F32_TERNARY, TIRX_F32_MINMAX3, TIRX_H2_UNARY,
// TIRX_H2_BINARY, TIRX_H2_TERNARY, TIRX_F32X2_BINARY and TIRX_F32X2_TERNARY
// are expanded into one kernel each, run in the cases of apply_harness.cuh
// and checked element by element against the host references of
// apply_reference.hpp. The sm_100 forms (3-input min/max, f32x2) report SKIP
// on older GPUs. Usage and output: see apply_harness.cuh.
//
// What is checked (the references: apply_arith_ref.hpp): add sub mul fma and
// div/rcp/sqrt .rn/.rz/.rm/.rp bit-exact and correctly rounded in the mode;
// .ftz, .sat, .relu; min/max with the NaN rules and -0 < +0; abs/neg
// bit-exact; the approximate forms within the manual's bounds.
#include "apply_arith_ref.hpp"
#include "apply_harness.cuh"

#include <tirx/ptx/families.hpp>

namespace {

using namespace apply_test;
using namespace apply_test::arith;

struct Ctx {
  Spec spec;
  int nsrc;
};
void gen_fn(const void* c, Rng& r, u64 (&x)[3]) {
  const Ctx& ctx = *static_cast<const Ctx*>(c);
  inputs(r, ctx.spec, ctx.nsrc, x);
}
Expect want_fn(const void* c, const u64 (&x)[3]) {
  const Ctx& ctx = *static_cast<const Ctx*>(c);
  return want_of(ctx.spec, ctx.nsrc, x);
}

/// Checks one spelling with its kernel (non-template: the host code is compiled once).
void check(Report& rep, const Options& opt, const KernelRef& k, int nsrc) {
  const Ctx ctx{parse(k.spelling), nsrc};
  if (!ctx.spec.error.empty()) {
    rep.fail_line(k.spelling, "the test has no reference for it: " + ctx.spec.error);
    return;
  }
  const View view{ctx.spec.fmt, ctx.spec.packed ? 2 : 1, ctx.spec.lane_bits};
  const int bytes = (ctx.spec.packed ? 2 : 1) * ctx.spec.lane_bits / 8; // 4, or 8 for f32x2
  run_atom1(rep, opt, k, nsrc, bytes, bytes, view, view, &gen_fn, &want_fn, &ctx);
}

template <class L, int I> void check_spelling(Report& rep, const Options& opt) {
  ++rep.listed;
  if (!rep.selected(L::spellings[I]))
    return;
  using E = typename L::element; // float for f32, the packed pair in a uint32 (uint64 for f32x2)
                                 // otherwise
  check(rep, opt, atom1_kernel_ref<L, I, L::sources, E, E>(), L::sources);
}

template <class L> void check_table(Report& rep, const Options& opt) {
  [&]<int... I>(std::integer_sequence<int, I...>) { (check_spelling<L, I>(rep, opt), ...); }
  (std::make_integer_sequence<int, static_cast<int>(std::size(L::spellings))>{});
}

} // namespace

// The lists of arith.hpp, expanded here (a table per list, with its number of sources).
// The row files of arith.hpp (include/tirx/ptx/rows/), expanded here.
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) SP,
namespace apply_arith {
struct F32Unary {
  using element = float;
  static constexpr int sources = 1;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f32_unary.def>
  };
};
struct F32Binary {
  using element = float;
  static constexpr int sources = 2;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f32_binary.def>
  };
};
struct F32Ternary {
  using element = float;
  static constexpr int sources = 3;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f32_ternary.def>
  };
};
struct F32MinMax3 {
  using element = float;
  static constexpr int sources = 3;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f32_minmax3.def>
  };
};
struct H2Unary {
  using element = unsigned;
  static constexpr int sources = 1;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/h2_unary.def>
  };
};
struct H2Binary {
  using element = unsigned;
  static constexpr int sources = 2;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/h2_binary.def>
  };
};
struct H2Ternary {
  using element = unsigned;
  static constexpr int sources = 3;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/h2_ternary.def>
  };
};
struct F32x2Binary {
  using element = unsigned long long;
  static constexpr int sources = 2;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f32x2_binary.def>
  };
};
struct F32x2Ternary {
  using element = unsigned long long;
  static constexpr int sources = 3;
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f32x2_ternary.def>
  };
};
// f64.def, f16.def, f32_more.def and h2_more.def: walked by gpu_fp_more.cu
constexpr const char* fp_more_spellings[] = {
#include <tirx/ptx/rows/f32_more.def>
#include <tirx/ptx/rows/h2_more.def>
#include <tirx/ptx/rows/f64.def>
#include <tirx/ptx/rows/f16.def>
};
constexpr std::size_t fp_more_rows = std::size(fp_more_spellings);
} // namespace apply_arith
#undef TIRX_ROW

// Every list of arith.hpp has a table here: a new list must be added above.
static_assert(std::size(apply_arith::F32Unary::spellings) +
                      std::size(apply_arith::F32Binary::spellings) +
                      std::size(apply_arith::F32Ternary::spellings) +
                      std::size(apply_arith::F32MinMax3::spellings) +
                      std::size(apply_arith::H2Unary::spellings) +
                      std::size(apply_arith::H2Binary::spellings) +
                      std::size(apply_arith::H2Ternary::spellings) +
                      std::size(apply_arith::F32x2Binary::spellings) +
                      std::size(apply_arith::F32x2Ternary::spellings) + apply_arith::fp_more_rows ==
                  std::size(tirx::ptxarith::family::forms),
              "arith.hpp has spellings that this test does not walk");

// Built in three parts (tests/ptx/CMakeLists.txt): 1 the f32 binary list, 2 the
// other f32 lists and the f32x2 lists (sm_100: compiled out below), 3 the
// packed half lists; 0: all.
#if !defined(TIRX_TEST_PART)
#define TIRX_TEST_PART 0
#endif

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const Options opt = parse_options(argc, argv);
  Report rep = make_report(opt);
  print_atom1_cases();
  using namespace apply_arith;
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 1
  check_table<F32Binary>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 2
  check_table<F32Unary>(rep, opt);
  check_table<F32Ternary>(rep, opt);
  check_table<F32MinMax3>(rep, opt);
  check_table<F32x2Binary>(rep, opt);
  check_table<F32x2Ternary>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 3
  check_table<H2Unary>(rep, opt);
  check_table<H2Binary>(rep, opt);
  check_table<H2Ternary>(rep, opt);
#endif
  return rep.finish();
}
