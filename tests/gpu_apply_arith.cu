// GPU test of tile::apply with every arithmetic spelling of
// include/tirx/ptx/arith.hpp (label gpu): the X-macro lists TIRX_F32_UNARY,
// TIRX_F32_BINARY, TIRX_F32_TERNARY, TIRX_F32_MINMAX3, TIRX_H2_UNARY,
// TIRX_H2_BINARY and TIRX_H2_TERNARY are expanded into one kernel each, run
// in the cases of apply_harness.cuh and checked element by element against
// the host references of apply_reference.hpp. Usage and output: see
// apply_harness.cuh.
//
// What is checked, per form (PTX ISA 9.0/9.1, "Floating-Point Instructions"
// and "Half Precision Floating-Point Instructions"):
//   add sub mul fma, div/rcp/sqrt .rn/.rz/.rm/.rp   bit-exact, correctly rounded in the mode
//   .ftz / .sat / .relu                              flushed inputs and results; [0, 1], NaN -> +0; max(0, x)
//   min max [.NaN]                                   bit-exact: NaN rules of min_num/min_nan, -0 < +0
//   abs neg                                          bit-exact (a NaN in gives some NaN)
//   div.approx.f32         2 ulp for |b| in [2^-126, 2^126]; for 2^126 < |b| < 2^128 zero (inf/b: NaN);
//                          subnormal b (no .ftz) unspecified, not checked
//   div.full.f32           2 ulp, full range
//   rcp.approx.f32         1 ulp, full range
//   sqrt.approx.f32        relative error 2^-23
//   ex2.approx.f32         2 ulp from the correctly rounded result, full range
//   lg2.approx.f32         absolute error 2^-22 for x in (0.5, 2), relative error 2^-22 elsewhere
//   ex2.approx.f16x2       relative error 2^-9.9 (plus half a subnormal ulp for subnormal results)
//   ex2.approx.ftz.bf16x2  relative error 2^-7
// A NaN result may be any NaN ("single-precision instructions return an
// unspecified NaN"); where .ftz leaves it open whether a result just below
// the smallest normal that rounds up to it is flushed, both pass.
#include "apply_harness.cuh"

#include <tirx/ptx/arith.hpp>

namespace {

using namespace apply_test;
using ref::Fmt;
using ref::Mods;
using ref::Rnd;
using ref::Want;

// -----------------------------------------------------------------------------
// The meaning of a spelling, read from its tokens
// -----------------------------------------------------------------------------

struct Spec {
  std::string op;
  Mods mods;
  bool approx = false, full = false, nan = false;
  const Fmt* fmt = &ref::F32;
  bool packed = false;
  std::string error; ///< a token the reference does not know
};

Spec parse(const char* spelling) {
  Spec s;
  std::vector<std::string> tok;
  std::string cur;
  for (const char* p = spelling;; ++p) {
    if (*p == '.' || *p == '\0') {
      tok.push_back(cur);
      cur.clear();
      if (*p == '\0') break;
    } else {
      cur += *p;
    }
  }
  s.op = tok.front();
  const std::string& type = tok.back();
  if (type == "f32") s.fmt = &ref::F32;
  else if (type == "f16x2") s.fmt = &ref::F16, s.packed = true;
  else if (type == "bf16x2") s.fmt = &ref::BF16, s.packed = true;
  else s.error = "unknown type ." + type;
  for (std::size_t i = 1; i + 1 < tok.size(); ++i) {
    const std::string& t = tok[i];
    if (t == "rn") s.mods.rnd = Rnd::rn;
    else if (t == "rz") s.mods.rnd = Rnd::rz;
    else if (t == "rm") s.mods.rnd = Rnd::rm;
    else if (t == "rp") s.mods.rnd = Rnd::rp;
    else if (t == "ftz") s.mods.ftz = true;
    else if (t == "sat") s.mods.sat = true;
    else if (t == "relu") s.mods.relu = true;
    else if (t == "approx") s.approx = true;
    else if (t == "full") s.full = true;
    else if (t == "NaN") s.nan = true;
    else s.error = "unknown modifier ." + t;
  }
  static const char* const ops[] = {"add", "sub", "mul", "fma", "div", "rcp", "sqrt", "ex2", "lg2", "abs", "neg", "min", "max"};
  bool known = false;
  for (const char* o : ops) known = known || s.op == o;
  if (!known) s.error = "unknown instruction " + s.op;
  return s;
}

// -----------------------------------------------------------------------------
// References of one lane
// -----------------------------------------------------------------------------

/// min/max of two values with the PTX rules (min_num / min_nan; -0 < +0).
double pick(const Spec& s, double x, double y) {
  const bool xn = std::isnan(x), yn = std::isnan(y);
  if (xn || yn) {
    if (s.nan || (xn && yn)) return std::nan("");
    return xn ? y : x;
  }
  auto less = [](double p, double q) { return p < q || (p == 0 && q == 0 && std::signbit(p) && !std::signbit(q)); };
  if (s.op == "min") return less(y, x) ? y : x;
  return less(x, y) ? y : x;
}

/// A result that PTX gives exactly (a special case of an approximate form).
Want exact_or_nan(const Fmt& f, double r) {
  if (std::isnan(r)) {
    Want w;
    w.fmt = &f;
    w.nan = true;
    return w;
  }
  return Want::bits_of(ref::encode_exact(f, r), &f);
}

Want lane_want(const Spec& s, int nsrc, const u32 (&in)[3]) {
  const Fmt& f = *s.fmt;
  double v[3] = {};
  for (int i = 0; i < nsrc; ++i) {
    v[i] = ref::decode(f, in[i]);
    if (s.mods.ftz) v[i] = ref::ftz_in(f, v[i]);
  }
  const Mods& m = s.mods;
  const std::string& op = s.op;
  if (op == "add") return ref::round_want(f, ref::odd_add(v[0], v[1], m.rnd), m);
  if (op == "sub") return ref::round_want(f, ref::odd_add(v[0], -v[1], m.rnd), m);
  if (op == "mul") return ref::round_want(f, v[0] * v[1], m); // exact: at most 2 x 24 bits
  if (op == "fma") return ref::round_want(f, ref::odd_fma(v[0], v[1], v[2], m.rnd), m);
  if (op == "abs" || op == "neg") {
    if (ref::is_nan(f, in[0])) return exact_or_nan(f, std::nan(""));
    return exact_or_nan(f, op == "abs" ? std::fabs(v[0]) : -v[0]);
  }
  if (op == "min" || op == "max") {
    double r = pick(s, v[0], v[1]);
    if (nsrc == 3) r = pick(s, r, v[2]);
    return exact_or_nan(f, r);
  }
  if (!s.approx && !s.full) { // IEEE-rounded div, rcp, sqrt
    if (op == "div") return ref::round_want(f, ref::odd_div(v[0], v[1]), m);
    if (op == "rcp") return ref::round_want(f, ref::odd_div(1.0, v[0]), m);
    if (op == "sqrt") return ref::round_want(f, ref::odd_sqrt(v[0]), m);
  }
  const bool ftz = m.ftz;
  const bool special = std::isnan(v[0]) || std::isinf(v[0]) || v[0] == 0; // the tables of the manual: exact
  if (op == "div" && s.full) return ref::approx_ulps(f, v[0] / v[1], 2, ftz, "div.full: 2 ulp");
  if (op == "div") { // div.approx: d = a * (1/b)
    const double b = std::fabs(v[1]);
    if (!ftz && b != 0 && b < f.min_normal()) return Want::dont_care(); // subnormal b: not specified
    if (std::isnan(v[0]) || std::isnan(v[1]) || b == 0 || std::isinf(b)) return exact_or_nan(f, v[0] * (1.0 / v[1]));
    if (b > std::ldexp(1.0, 126)) return exact_or_nan(f, v[0] * std::copysign(0.0, v[1])); // zero; inf: NaN
    return ref::approx_ulps(f, v[0] / v[1], 2, ftz, "div.approx: 2 ulp for |b| in [2^-126, 2^126]");
  }
  if (op == "rcp") return special ? exact_or_nan(f, 1.0 / v[0]) : ref::approx_ulps(f, 1.0 / v[0], 1, ftz, "rcp.approx: 1 ulp");
  if (op == "sqrt") {
    if (special || v[0] < 0) return exact_or_nan(f, std::sqrt(v[0]));
    return ref::approx_rel(f, std::sqrt(v[0]), std::ldexp(1.0, -23), 0, ftz, "sqrt.approx: relative 2^-23");
  }
  if (op == "ex2") {
    const double e = std::exp2(v[0]);
    if (special) return exact_or_nan(f, e);
    if (&f == &ref::F32) return ref::approx_ulps(f, e, 2, ftz, "ex2.approx.f32: 2 ulp");
    if (&f == &ref::F16) // relative 2^-9.9; a subnormal result is also allowed half its ulp
      return ref::approx_rel(f, e, std::exp2(-9.9), std::ldexp(1.0, -25), ftz, "ex2.approx.f16: relative 2^-9.9");
    return ref::approx_rel(f, e, std::ldexp(1.0, -7), 0, ftz, "ex2.approx.ftz.bf16: relative 2^-7");
  }
  if (op == "lg2") {
    const double e = std::log2(v[0]);
    if (special || v[0] < 0) return exact_or_nan(f, e);
    if (v[0] > 0.5 && v[0] < 2) return ref::approx_rel(f, e, 0, std::ldexp(1.0, -22), ftz, "lg2.approx: absolute 2^-22 in (0.5, 2)");
    return ref::approx_rel(f, e, std::ldexp(1.0, -22), 0, ftz, "lg2.approx: relative 2^-22");
  }
  return Want{}; // unreachable: parse() rejects other ops
}

Expect want_of(const Spec& s, int nsrc, const u64 (&x)[3]) {
  Expect e;
  if (!s.packed) {
    const u32 in[3] = {static_cast<u32>(x[0]), static_cast<u32>(x[1]), static_cast<u32>(x[2])};
    e.w[0] = lane_want(s, nsrc, in);
    return e;
  }
  e.lanes = 2;
  e.lane_bits = 16;
  for (int l = 0; l < 2; ++l) {
    const u32 in[3] = {static_cast<u32>(x[0] >> (16 * l)) & 0xffff, static_cast<u32>(x[1] >> (16 * l)) & 0xffff,
                       static_cast<u32>(x[2] >> (16 * l)) & 0xffff};
    e.w[l] = lane_want(s, nsrc, in);
  }
  return e;
}

// -----------------------------------------------------------------------------
// Inputs: random values of the format, and for two and three sources often
// related ones (cancellation, exact ties, results near the smallest normal)
// -----------------------------------------------------------------------------

u32 related(Rng& r, const Fmt& f, u32 a) {
  const double va = ref::decode(f, a);
  if (std::isnan(va) || std::isinf(va) || va == 0) return random_float(r, f);
  const int e = std::ilogb(va);
  switch (r.below(5)) {
  case 0: return a ^ f.sign_mask() ^ (static_cast<u32>(r.bits()) & 3u); // cancellation
  case 1: { // a tie (or near tie) of a + b: half an ulp of a, and neighbours
    const double h = std::ldexp(r.chance(50) ? 1.0 : 1.5, e - f.mant - 1 - r.range(0, 2));
    return ref::round_to(f, r.chance(50) ? h : -h, Rnd::rn);
  }
  case 2: return ref::round_to(f, std::ldexp(va, r.range(-12, 12)), Rnd::rn); // same mantissa
  case 3: return a ^ (static_cast<u32>(r.bits()) & 0xff & f.mant_mask()); // close to a
  default: // a product near the smallest normal: b ~ min_normal / a
    return ref::round_to(f, std::ldexp(r.chance(50) ? 1.0 : -1.0, f.emin() - e + r.range(-2, 1)) * (1 + std::ldexp(static_cast<double>(r.below(1024)), -10)), Rnd::rn);
  }
}

/// One lane of the sources.
void lane_inputs(Rng& r, const Spec& s, int nsrc, u32 (&in)[3]) {
  const Fmt& f = *s.fmt;
  for (int i = 0; i < 3; ++i) in[i] = random_float(r, f);
  if (s.op == "ex2" && r.chance(70)) // mostly where 2^x is finite and not 1
    in[0] = ref::round_to(f, (static_cast<double>(r.bits() % 2000001) / 1000000.0 - 1.0) * (f.bias() + f.mant + 4), Rnd::rn);
  if ((s.op == "lg2" || s.op == "sqrt") && r.chance(60)) in[0] &= ~f.sign_mask();
  if (s.op == "lg2" && r.chance(25)) // near 1, where the bound is absolute
    in[0] = ref::round_to(f, 1.0 + (static_cast<double>(r.bits() % 2000001) / 1000000.0 - 1.0) * 0.5, Rnd::rn);
  if (nsrc >= 2 && r.chance(40)) in[1] = related(r, f, in[0]);
  if (s.op == "fma" && r.chance(40)) { // c cancels most of a * b
    const double p = ref::decode(f, in[0]) * ref::decode(f, in[1]);
    if (!std::isnan(p)) in[2] = ref::round_to(f, -p, static_cast<Rnd>(r.below(4))) ^ (static_cast<u32>(r.bits()) & 1u);
  }
  if (s.op == "div" && r.chance(30)) { // exact quotients and ties
    const double b = ref::decode(f, in[1]), q = static_cast<double>(r.range(1, 64)) / 2.0;
    if (!std::isnan(b)) in[0] = ref::round_to(f, b * q, Rnd::rn);
  }
}

template <int NSrc>
void inputs(Rng& r, const Spec& s, u64 (&x)[3]) {
  if (!s.packed) {
    u32 in[3];
    lane_inputs(r, s, NSrc, in);
    for (int i = 0; i < 3; ++i) x[i] = in[i];
    return;
  }
  u32 lo[3], hi[3];
  lane_inputs(r, s, NSrc, lo);
  lane_inputs(r, s, NSrc, hi);
  for (int i = 0; i < 3; ++i) x[i] = lo[i] | (static_cast<u64>(hi[i]) << 16);
}

// -----------------------------------------------------------------------------
// One spelling
// -----------------------------------------------------------------------------

struct Ctx {
  Spec spec;
  int nsrc;
};
void gen_fn(const void* c, Rng& r, u64 (&x)[3]) {
  const Ctx& ctx = *static_cast<const Ctx*>(c);
  if (ctx.nsrc == 1) inputs<1>(r, ctx.spec, x);
  else if (ctx.nsrc == 2) inputs<2>(r, ctx.spec, x);
  else inputs<3>(r, ctx.spec, x);
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
  const View view{ctx.spec.fmt, ctx.spec.packed ? 2 : 1, ctx.spec.packed ? 16 : 32};
  run_atom1(rep, opt, k, nsrc, 4, 4, view, view, &gen_fn, &want_fn, &ctx);
}

template <class L, int I>
void check_spelling(Report& rep, const Options& opt) {
  ++rep.listed;
  if (!rep.selected(L::spellings[I])) return;
  using E = typename L::element; // float for f32, the packed pair in a uint32 otherwise
  check(rep, opt, atom1_kernel_ref<L, I, L::sources, E, E>(), L::sources);
}

template <class L>
void check_table(Report& rep, const Options& opt) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    (check_spelling<L, I>(rep, opt), ...);
  }(std::make_integer_sequence<int, static_cast<int>(std::size(L::spellings))>{});
}

} // namespace

// The lists of arith.hpp, expanded here (a table per list, with its number of sources).
#define TIRX_TEST_ENTRY(SP) SP,
namespace apply_arith {
struct F32Unary {
  using element = float;
  static constexpr int sources = 1;
  static constexpr const char* spellings[] = {TIRX_F32_UNARY(TIRX_TEST_ENTRY)};
};
struct F32Binary {
  using element = float;
  static constexpr int sources = 2;
  static constexpr const char* spellings[] = {TIRX_F32_BINARY(TIRX_TEST_ENTRY)};
};
struct F32Ternary {
  using element = float;
  static constexpr int sources = 3;
  static constexpr const char* spellings[] = {TIRX_F32_TERNARY(TIRX_TEST_ENTRY)};
};
struct F32MinMax3 {
  using element = float;
  static constexpr int sources = 3;
  static constexpr const char* spellings[] = {TIRX_F32_MINMAX3(TIRX_TEST_ENTRY)};
};
struct H2Unary {
  using element = unsigned;
  static constexpr int sources = 1;
  static constexpr const char* spellings[] = {TIRX_H2_UNARY(TIRX_TEST_ENTRY)};
};
struct H2Binary {
  using element = unsigned;
  static constexpr int sources = 2;
  static constexpr const char* spellings[] = {TIRX_H2_BINARY(TIRX_TEST_ENTRY)};
};
struct H2Ternary {
  using element = unsigned;
  static constexpr int sources = 3;
  static constexpr const char* spellings[] = {TIRX_H2_TERNARY(TIRX_TEST_ENTRY)};
};
} // namespace apply_arith

// Every list of arith.hpp has a table here: a new list must be added above.
static_assert(std::size(apply_arith::F32Unary::spellings) + std::size(apply_arith::F32Binary::spellings) +
                      std::size(apply_arith::F32Ternary::spellings) + std::size(apply_arith::F32MinMax3::spellings) +
                      std::size(apply_arith::H2Unary::spellings) + std::size(apply_arith::H2Binary::spellings) +
                      std::size(apply_arith::H2Ternary::spellings) ==
                  std::size(tirx::ptxarith::f32_unary) + std::size(tirx::ptxarith::f32_binary) +
                      std::size(tirx::ptxarith::f32_ternary) + std::size(tirx::ptxarith::f32_minmax3) +
                      std::size(tirx::ptxarith::h2_unary) + std::size(tirx::ptxarith::h2_binary) +
                      std::size(tirx::ptxarith::h2_ternary),
              "arith.hpp has spellings that this test does not walk");

// Built in three parts (tests/CMakeLists.txt): 1 the f32 binary list, 2 the
// other f32 lists, 3 the packed half lists; 0: all.
#if !defined(TIRX_TEST_PART)
#define TIRX_TEST_PART 0
#endif

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu()) return rc;
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
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 3
  check_table<H2Unary>(rep, opt);
  check_table<H2Binary>(rep, opt);
  check_table<H2Ternary>(rep, opt);
#endif
  return rep.finish();
}
