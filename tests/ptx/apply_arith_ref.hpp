// The host references of the arithmetic spellings (include/tirx/ptx/arith.hpp)
// for the GPU test gpu_apply_arith.cu, and its inputs: what each spelling
// means is read from its tokens (op, rounding, .ftz, .sat, .relu, .NaN,
// .approx/.full, type), so a new spelling in a list needs no new test code
// unless it brings a new token (then the test reports that it has no
// reference for it). Host-only; checked by test_apply_reference.cpp.
//
// Bounds of the approximate forms (PTX ISA 9.1, "Floating-Point
// Instructions" and "Half Precision Floating-Point Instructions"):
//   div.approx.f32         2 ulp for |b| in [2^-126, 2^126]; for 2^126 < |b| < 2^128: zero
//                          (infinity / b: NaN); subnormal b (no .ftz): not specified, not checked
//   div.full.f32           2 ulp, full range
//   rcp.approx.f32         1 ulp, full range
//   sqrt.approx.f32        relative error 2^-23
//   ex2.approx.f32         2 ulp from the correctly rounded result, full range
//   lg2.approx.f32         absolute error 2^-22 for x in (0.5, 2), relative error 2^-22 elsewhere
//   ex2.approx.f16x2       relative error 2^-9.9 for normal results; the manual gives no bound for
//   a
//                          subnormal result (x < -14): there any value in [0, 2^-14] passes
//   ex2.approx.ftz.bf16x2  relative error 2^-7
// The special inputs in the manual's tables (+-0, +-inf, NaN) give exact results.
#pragma once

#include "apply_reference.hpp"
#include "support/spelling_tokens.hpp"

#include <string>
#include <vector>

namespace apply_test::arith {

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
  bool packed = false; ///< two lanes: f16x2, bf16x2 (16 bits each), f32x2 (32 bits each)
  int lane_bits = 32;  ///< a lane's width (packed: 16 or 32)
  std::string error;   ///< a token the reference does not know
};

inline Spec parse(const char* spelling) {
  Spec s;
  const std::vector<std::string> tok = tirx_test::tokens(spelling);
  s.op = tok.front();
  const std::string& type = tok.back();
  if (type == "f32")
    s.fmt = &ref::F32;
  else if (type == "f16x2")
    s.fmt = &ref::F16, s.packed = true, s.lane_bits = 16;
  else if (type == "bf16x2")
    s.fmt = &ref::BF16, s.packed = true, s.lane_bits = 16;
  else if (type == "f32x2")
    s.fmt = &ref::F32, s.packed = true, s.lane_bits = 32;
  else
    s.error = "unknown type ." + type;
  for (std::size_t i = 1; i + 1 < tok.size(); ++i) {
    const std::string& t = tok[i];
    if (t == "rn")
      s.mods.rnd = Rnd::rn;
    else if (t == "rz")
      s.mods.rnd = Rnd::rz;
    else if (t == "rm")
      s.mods.rnd = Rnd::rm;
    else if (t == "rp")
      s.mods.rnd = Rnd::rp;
    else if (t == "ftz")
      s.mods.ftz = true;
    else if (t == "sat")
      s.mods.sat = true;
    else if (t == "relu")
      s.mods.relu = true;
    else if (t == "approx")
      s.approx = true;
    else if (t == "full")
      s.full = true;
    else if (t == "NaN")
      s.nan = true;
    else
      s.error = "unknown modifier ." + t;
  }
  static const char* const ops[] = {"add", "sub", "mul", "fma", "div", "rcp", "sqrt",
                                    "ex2", "lg2", "abs", "neg", "min", "max"};
  bool known = false;
  for (const char* o : ops)
    known = known || s.op == o;
  if (!known)
    s.error = "unknown instruction " + s.op;
  return s;
}

// -----------------------------------------------------------------------------
// References of one lane
// -----------------------------------------------------------------------------

/// min/max of two values with the PTX rules (min_num / min_nan; -0 < +0).
inline double pick(const Spec& s, double x, double y) {
  const bool xn = std::isnan(x), yn = std::isnan(y);
  if (xn || yn) {
    if (s.nan || (xn && yn))
      return std::nan("");
    return xn ? y : x;
  }
  auto less = [](double p, double q) {
    return p < q || (p == 0 && q == 0 && std::signbit(p) && !std::signbit(q));
  };
  if (s.op == "min")
    return less(y, x) ? y : x;
  return less(x, y) ? y : x;
}

/// A result that PTX gives exactly (a special case of an approximate form).
inline Want exact_or_nan(const Fmt& f, double r) {
  if (std::isnan(r)) {
    Want w;
    w.fmt = &f;
    w.nan = true;
    return w;
  }
  return Want::bits_of(ref::encode_exact(f, r), &f);
}

inline Want lane_want(const Spec& s, int nsrc, const u32 (&in)[3]) {
  const Fmt& f = *s.fmt;
  double v[3] = {};
  for (int i = 0; i < nsrc; ++i) {
    v[i] = ref::decode(f, in[i]);
    if (s.mods.ftz)
      v[i] = ref::ftz_in(f, v[i]);
  }
  const Mods& m = s.mods;
  const std::string& op = s.op;
  if (op == "add")
    return ref::round_want(f, ref::odd_add(v[0], v[1], m.rnd), m);
  if (op == "sub")
    return ref::round_want(f, ref::odd_add(v[0], -v[1], m.rnd), m);
  if (op == "mul")
    return ref::round_want(f, v[0] * v[1], m); // exact: at most 2 x 24 bits
  if (op == "fma")
    return ref::round_want(f, ref::odd_fma(v[0], v[1], v[2], m.rnd), m);
  if (op == "abs" || op == "neg") {
    if (ref::is_nan(f, in[0]))
      return exact_or_nan(f, std::nan(""));
    return exact_or_nan(f, op == "abs" ? std::fabs(v[0]) : -v[0]);
  }
  if (op == "min" || op == "max") {
    double r = pick(s, v[0], v[1]);
    if (nsrc == 3)
      r = pick(s, r, v[2]);
    return exact_or_nan(f, r);
  }
  if (!s.approx && !s.full) { // IEEE-rounded div, rcp, sqrt
    if (op == "div")
      return ref::round_want(f, ref::odd_div(v[0], v[1]), m);
    if (op == "rcp")
      return ref::round_want(f, ref::odd_div(1.0, v[0]), m);
    if (op == "sqrt")
      return ref::round_want(f, ref::odd_sqrt(v[0]), m);
  }
  const bool ftz = m.ftz;
  const bool special =
      std::isnan(v[0]) || std::isinf(v[0]) || v[0] == 0; // the tables of the manual: exact
  if (op == "div" && s.full)
    return ref::approx_ulps(f, v[0] / v[1], 2, ftz, "div.full: 2 ulp");
  if (op == "div") { // div.approx: d = a * (1/b)
    const double b = std::fabs(v[1]);
    if (!ftz && b != 0 && b < f.min_normal())
      return Want::dont_care(); // subnormal b: not specified
    if (std::isnan(v[0]) || std::isnan(v[1]) || b == 0 || std::isinf(b))
      return exact_or_nan(f, v[0] * (1.0 / v[1]));
    if (b > std::ldexp(1.0, 126))
      return exact_or_nan(f, v[0] * std::copysign(0.0, v[1])); // zero; inf: NaN
    return ref::approx_ulps(f, v[0] / v[1], 2, ftz, "div.approx: 2 ulp for |b| in [2^-126, 2^126]");
  }
  if (op == "rcp")
    return special ? exact_or_nan(f, 1.0 / v[0])
                   : ref::approx_ulps(f, 1.0 / v[0], 1, ftz, "rcp.approx: 1 ulp");
  if (op == "sqrt") {
    if (special || v[0] < 0)
      return exact_or_nan(f, std::sqrt(v[0]));
    return ref::approx_rel(f, std::sqrt(v[0]), std::ldexp(1.0, -23), 0, ftz,
                           "sqrt.approx: relative 2^-23");
  }
  if (op == "ex2") {
    const double e = std::exp2(v[0]);
    if (special)
      return exact_or_nan(f, e);
    if (&f == &ref::F32)
      return ref::approx_ulps(f, e, 2, ftz, "ex2.approx.f32: 2 ulp");
    if (&f == &ref::F16) {
      if (e < f.min_normal()) { // no bound in the manual (an H200 misses 2^-9.9 there): [0, 2^-14]
        Want w;
        w.fmt = &f;
        w.range = true;
        w.lo = 0;
        w.hi = ref::ord(f, ref::encode_exact(f, f.min_normal()));
        w.exact = e;
        w.note = "ex2.approx.f16, subnormal result: anything in [0, 2^-14]";
        return w;
      }
      return ref::approx_rel(f, e, std::exp2(-9.9), 0, ftz, "ex2.approx.f16: relative 2^-9.9");
    }
    return ref::approx_rel(f, e, std::ldexp(1.0, -7), 0, ftz, "ex2.approx.ftz.bf16: relative 2^-7");
  }
  if (op == "lg2") {
    const double e = std::log2(v[0]);
    if (special || v[0] < 0)
      return exact_or_nan(f, e);
    if (v[0] > 0.5 && v[0] < 2)
      return ref::approx_rel(f, e, 0, std::ldexp(1.0, -22), ftz,
                             "lg2.approx: absolute 2^-22 in (0.5, 2)");
    return ref::approx_rel(f, e, std::ldexp(1.0, -22), 0, ftz, "lg2.approx: relative 2^-22");
  }
  return Want{}; // unreachable: parse() rejects other ops
}

inline Expect want_of(const Spec& s, int nsrc, const u64 (&x)[3]) {
  Expect e;
  if (!s.packed) {
    const u32 in[3] = {static_cast<u32>(x[0]), static_cast<u32>(x[1]), static_cast<u32>(x[2])};
    e.w[0] = lane_want(s, nsrc, in);
    return e;
  }
  e.lanes = 2;
  e.lane_bits = s.lane_bits;
  const u64 mask = (u64{1} << s.lane_bits) - 1;
  for (int l = 0; l < 2; ++l) {
    const int at = s.lane_bits * l;
    const u32 in[3] = {static_cast<u32>((x[0] >> at) & mask), static_cast<u32>((x[1] >> at) & mask),
                       static_cast<u32>((x[2] >> at) & mask)};
    e.w[l] = lane_want(s, nsrc, in);
  }
  return e;
}

// -----------------------------------------------------------------------------
// Inputs: random values of the format, and for two and three sources often
// related ones (cancellation, exact ties, results near the smallest normal)
// -----------------------------------------------------------------------------

inline u32 related(Rng& r, const Fmt& f, u32 a) {
  const double va = ref::decode(f, a);
  if (std::isnan(va) || std::isinf(va) || va == 0)
    return random_float(r, f);
  const int e = std::ilogb(va);
  switch (r.below(5)) {
  case 0:
    return a ^ f.sign_mask() ^ (static_cast<u32>(r.bits()) & 3u); // cancellation
  case 1: { // a tie (or near tie) of a + b: half an ulp of a, and neighbours
    const double h = std::ldexp(r.chance(50) ? 1.0 : 1.5, e - f.mant - 1 - r.range(0, 2));
    return ref::round_to(f, r.chance(50) ? h : -h, Rnd::rn);
  }
  case 2:
    return ref::round_to(f, std::ldexp(va, r.range(-12, 12)), Rnd::rn); // same mantissa
  case 3:
    return a ^ (static_cast<u32>(r.bits()) & 0xff & f.mant_mask()); // close to a
  default: // a product near the smallest normal: b ~ min_normal / a
    return ref::round_to(f,
                         std::ldexp(r.chance(50) ? 1.0 : -1.0, f.emin() - e + r.range(-2, 1)) *
                             (1 + std::ldexp(static_cast<double>(r.below(1024)), -10)),
                         Rnd::rn);
  }
}

/// One lane of the sources.
inline void lane_inputs(Rng& r, const Spec& s, int nsrc, u32 (&in)[3]) {
  const Fmt& f = *s.fmt;
  for (int i = 0; i < 3; ++i)
    in[i] = random_float(r, f);
  if (s.op == "ex2" && r.chance(70)) // mostly where 2^x is finite and not 1
    in[0] = ref::round_to(
        f, (static_cast<double>(r.bits() % 2000001) / 1000000.0 - 1.0) * (f.bias() + f.mant + 4),
        Rnd::rn);
  if ((s.op == "lg2" || s.op == "sqrt") && r.chance(60))
    in[0] &= ~f.sign_mask();
  if (s.op == "lg2" && r.chance(25)) // near 1, where the bound is absolute
    in[0] = ref::round_to(
        f, 1.0 + (static_cast<double>(r.bits() % 2000001) / 1000000.0 - 1.0) * 0.5, Rnd::rn);
  if (nsrc >= 2 && r.chance(40))
    in[1] = related(r, f, in[0]);
  if (s.op == "fma" && r.chance(40)) { // c cancels most of a * b
    const double p = ref::decode(f, in[0]) * ref::decode(f, in[1]);
    if (!std::isnan(p))
      in[2] =
          ref::round_to(f, -p, static_cast<Rnd>(r.below(4))) ^ (static_cast<u32>(r.bits()) & 1u);
  }
  if (s.op == "div" && r.chance(30)) { // exact quotients and ties
    const double b = ref::decode(f, in[1]), q = static_cast<double>(r.range(1, 64)) / 2.0;
    if (!std::isnan(b))
      in[0] = ref::round_to(f, b * q, Rnd::rn);
  }
}

/// The sources of one element (packed: both lanes).
inline void inputs(Rng& r, const Spec& s, int nsrc, u64 (&x)[3]) {
  if (!s.packed) {
    u32 in[3];
    lane_inputs(r, s, nsrc, in);
    for (int i = 0; i < 3; ++i)
      x[i] = in[i];
    return;
  }
  u32 lo[3], hi[3];
  lane_inputs(r, s, nsrc, lo);
  lane_inputs(r, s, nsrc, hi);
  for (int i = 0; i < 3; ++i)
    x[i] = lo[i] | (static_cast<u64>(hi[i]) << s.lane_bits);
}

} // namespace apply_test::arith
