// Host references and inputs of gpu_fp_more.cu: f64 arithmetic, scalar
// f16/bf16 arithmetic, the extra f32 and packed-half forms, testp and the
// cvt_more.def conversions, read from the spelling's tokens (an unknown
// token is reported, never guessed). Host only.
//
// Exact (bit for bit; a NaN result accepts any NaN, as PTX leaves its bits
// open): every form with an IEEE rounding (f64 add sub mul div fma mad rcp
// sqrt in .rn/.rz/.rm/.rp, computed with the host FPU in that mode; f16/bf16
// add sub mul fma, mad.f32, by round-to-odd as in apply_reference.hpp), abs,
// neg, copysign, min/max with .NaN and .xorsign.abs (-0 < +0; for f64 both
// zeros pass when the inputs are +0 and -0), testp, every conversion.
// Approximations, the bounds this test holds them to (|got - exact| <= rel *
// |exact| + abs, on the inputs described at each generator):
//   rsqrt.approx.f32       rel 2^-22 (PTX: 2^-22.9)
//   rsqrt.approx.f64       rel 2^-20 (PTX gives no figure; a test tolerance)
//   rcp.approx.ftz.f64     rel 2^-17 (PTX: from the top 20 mantissa bits; a test tolerance)
//   sin/cos.approx.f32     abs 2^-20 for x in [-pi, pi] (PTX: 2^-20.5 there)
//   tanh.approx.f32        rel 2^-10.5 + abs 2^-126 (PTX: 2^-10.987)
//   tanh.approx.f16{x2}    rel 2^-9 + abs 2^-24; .bf16{x2}: rel 2^-7 + abs 2^-126
//   ex2.approx.f16         rel 2^-9.9 (PTX); ex2.approx.ftz.bf16: rel 2^-7 (PTX)
#pragma once

#include "apply_reference.hpp"
#include "support/spelling_tokens.hpp"

#include <cfenv>
#include <climits>
#include <string>
#include <vector>

namespace fp_more {

using namespace apply_test;
using ref::Fmt;
using ref::Mods;
using ref::Rnd;
using ref::Want;

struct Spec {
  std::vector<std::string> tok;
  std::string op;
  bool has(const char* t) const {
    for (const std::string& s : tok)
      if (s == t)
        return true;
    return false;
  }
  Rnd rnd() const {
    for (const std::string& s : tok) {
      if (s == "rz" || s == "rzi")
        return Rnd::rz;
      if (s == "rm" || s == "rmi")
        return Rnd::rm;
      if (s == "rp" || s == "rpi")
        return Rnd::rp;
    }
    return Rnd::rn;
  }
  const std::string& type(int from_end = 0) const { return tok[tok.size() - 1 - from_end]; }
};
inline Spec parse(const char* s) {
  Spec p;
  p.tok = tirx_test::tokens(s);
  p.op = p.tok.front();
  if (p.op == "cvt" && p.tok.size() > 1 && p.tok[1] == "pack")
    p.op = "cvt.pack";
  return p;
}

inline const Fmt* fmt_of(const std::string& t) {
  if (t == "f32")
    return &ref::F32;
  if (t == "f16" || t == "f16x2")
    return &ref::F16;
  if (t == "bf16" || t == "bf16x2")
    return &ref::BF16;
  return nullptr;
}

// -- f64 ----------------------------------------------------------------------------

inline Want w64(double v) {
  Want w;
  w.f64 = true;
  if (std::isnan(v))
    w.nan = true;
  else
    w.also(ref::d2u(v));
  return w;
}
inline Want w64_bits(u64 b) {
  Want w = w64(ref::u2d(b));
  if (!w.nan) {
    w.n = 0;
    w.also(b);
  }
  return w;
}
inline Want w64_rel(double exact, double rel, bool ftz, const char* note) {
  if (std::isnan(exact) || std::isinf(exact) || exact == 0)
    return w64(exact);
  Want w;
  w.f64 = true;
  w.range = true;
  w.exact = exact;
  w.note = note;
  const double tol = rel * std::fabs(exact);
  w.dlo = exact - tol;
  w.dhi = exact + tol;
  if (ftz && std::fabs(exact) < 2.3e-308 * 2) {
    w.also(ref::d2u(std::signbit(exact) ? -0.0 : 0.0));
  }
  return w;
}

/// op(a, b, c) in rounding mode r on the host FPU.
inline double in_mode(Rnd r, const std::string& op, double a, double b, double c) {
  const int mode = r == Rnd::rn   ? FE_TONEAREST
                   : r == Rnd::rz ? FE_TOWARDZERO
                   : r == Rnd::rm ? FE_DOWNWARD
                                  : FE_UPWARD;
  volatile double x = a, y = b, z = c, out = 0;
  std::fesetround(mode);
  if (op == "add")
    out = x + y;
  else if (op == "sub")
    out = x - y;
  else if (op == "mul")
    out = x * y;
  else if (op == "div")
    out = x / y;
  else if (op == "fma" || op == "mad")
    out = std::fma(x, y, z);
  else if (op == "rcp")
    out = 1.0 / x;
  else if (op == "sqrt")
    out = std::sqrt(x);
  std::fesetround(FE_TONEAREST);
  return out;
}

/// min/max with PTX's NaN rules (one NaN: the other; .NaN: a NaN) and -0 < +0
/// on bit patterns of a format read by dec; abs_of clears the sign.
template <class Dec>
Want minmax_bits(bool is_max, bool nan_mode, bool zeros_either, u64 a, u64 b, Dec dec, u64 sign_bit,
                 Want base) {
  const double x = dec(a), y = dec(b);
  if (std::isnan(x) || std::isnan(y)) {
    if (nan_mode || (std::isnan(x) && std::isnan(y))) {
      base.nan = true;
      return base;
    }
    base.also(std::isnan(x) ? b : a);
    return base;
  }
  if (x == 0 && y == 0 && ((a ^ b) & sign_bit)) {
    if (zeros_either) {
      base.also(a);
      base.also(b);
      return base;
    }
    const bool a_neg = (a & sign_bit) != 0;
    base.also(is_max ? (a_neg ? b : a) : (a_neg ? a : b));
    return base;
  }
  base.also(is_max ? (x >= y ? a : b) : (x <= y ? a : b));
  return base;
}

inline std::string f64_want(const Spec& s, const u64 (&x)[3], Want& w) {
  const double a = ref::u2d(x[0]), b = ref::u2d(x[1]), c = ref::u2d(x[2]);
  const std::string& op = s.op;
  const u64 sign = 1ull << 63;
  if (op == "add" || op == "sub" || op == "mul" || op == "div" || op == "fma" || op == "mad" ||
      ((op == "rcp" || op == "sqrt") && !s.has("approx"))) {
    w = w64(in_mode(s.rnd(), op, a, b, c));
  } else if (op == "rcp") { // rcp.approx.ftz.f64
    const double in = std::fabs(a) < 2.2250738585072014e-308 ? (std::signbit(a) ? -0.0 : 0.0) : a;
    w = w64_rel(1.0 / in, std::ldexp(1.0, -17), true, "rel 2^-17");
  } else if (op == "rsqrt") {
    double in = a;
    if (s.has("ftz") && std::fabs(a) < 2.2250738585072014e-308)
      in = std::signbit(a) ? -0.0 : 0.0;
    const double e = in == 0 ? (std::signbit(in) ? -INFINITY : INFINITY) : 1.0 / std::sqrt(in);
    w = w64_rel(e, std::ldexp(1.0, -20), false, "rel 2^-20");
  } else if (op == "abs" || op == "neg") {
    if (std::isnan(a))
      w = w64(a);
    else
      w = w64_bits(op == "abs" ? (x[0] & ~sign) : (x[0] ^ sign));
  } else if (op == "copysign") {
    if (std::isnan(b))
      w = w64(b);
    else
      w = w64_bits((x[1] & ~sign) | (x[0] & sign));
  } else if (op == "min" || op == "max") {
    Want base;
    base.f64 = true;
    w = minmax_bits(
        op == "max", false, true, x[0], x[1], [](u64 v) { return ref::u2d(v); }, sign, base);
  } else {
    return "no f64 reference for " + op;
  }
  return "";
}

// -- f32, f16, bf16 (one value in a format of at most 32 bits) ----------------------

inline Want approx_bound(const Fmt& f, double exact, double rel, double abs, const char* note) {
  return ref::approx_rel(f, exact, rel, abs, false, note);
}

inline std::string small_want(const Spec& s, const Fmt& f, const u32 (&x)[3], Want& w) {
  const std::string& op = s.op;
  const bool ftz = s.has("ftz");
  const u32 sign = f.sign_mask();
  auto in = [&](u32 b) {
    const double v = ref::decode(f, b);
    return ftz ? ref::ftz_in(f, v) : v;
  };
  auto flushed_bits = [&](u32 b) -> u32 { return ftz && ref::is_sub(f, b) ? (b & sign) : b; };
  Mods m;
  m.rnd = s.rnd();
  m.ftz = ftz;
  m.sat = s.has("sat");
  m.relu = s.has("relu");
  if (op == "add" || op == "sub" || op == "mul" || op == "fma" || op == "mad") {
    const double a = in(x[0]), b = in(x[1]), c = in(x[2]);
    double r;
    if (op == "add")
      r = ref::odd_add(a, b, m.rnd);
    else if (op == "sub")
      r = ref::odd_add(a, -b, m.rnd);
    else if (op == "mul")
      r = a * b; // exact: at most 2 x 24 significant bits
    else
      r = ref::odd_fma(a, b, c, m.rnd);
    w = ref::round_want(f, r, m);
  } else if (op == "abs" || op == "neg") {
    if (ref::is_nan(f, x[0])) {
      w.fmt = &f;
      w.nan = true;
    } else {
      const u32 v = flushed_bits(x[0]);
      w = Want::bits_of(op == "abs" ? (v & ~sign) : (v ^ sign), &f);
    }
  } else if (op == "copysign") {
    if (ref::is_nan(f, x[1])) {
      w.fmt = &f;
      w.nan = true;
    } else {
      w = Want::bits_of((x[1] & ~sign) | (x[0] & sign), &f);
    }
  } else if (op == "min" || op == "max") {
    const bool xs = s.has("xorsign");
    u32 a = flushed_bits(x[0]), b = flushed_bits(x[1]);
    const u32 rsign = (x[0] ^ x[1]) & sign;
    if (xs)
      a &= ~sign, b &= ~sign;
    Want base;
    base.fmt = &f;
    w = minmax_bits(
        op == "max", s.has("NaN"), false, a, b,
        [&](u64 v) { return ref::decode(f, static_cast<u32>(v)); }, sign, base);
    if (xs)
      for (int i = 0; i < w.n; ++i)
        w.bits[i] = (w.bits[i] & ~static_cast<u64>(sign)) | rsign;
  } else if (op == "rsqrt") {
    const double a = in(x[0]);
    const double e = a == 0 ? (std::signbit(a) ? -INFINITY : INFINITY) : 1.0 / std::sqrt(a);
    w = ref::approx_rel(f, e, std::ldexp(1.0, -22), 0, ftz, "rel 2^-22");
  } else if (op == "sin" || op == "cos") {
    const double a = in(x[0]);
    const double e = op == "sin" ? std::sin(a) : std::cos(a);
    w = ref::approx_rel(f, e, 0, std::ldexp(1.0, -20), ftz, "abs 2^-20");
    if (op == "sin" && a == 0)
      w = Want::bits_of(std::signbit(a) ? sign : 0, &f);
  } else if (op == "tanh") {
    const double a = ref::decode(f, x[0]);
    const double e = std::tanh(a);
    if (a == 0 || std::isinf(a) || std::isnan(a)) {
      w = ref::round_want(f, e, Mods{});
    } else if (&f == &ref::F32) {
      w = approx_bound(f, e, std::exp2(-10.5), std::ldexp(1.0, -126), "rel 2^-10.5");
    } else if (&f == &ref::F16) {
      w = approx_bound(f, e, std::ldexp(1.0, -9), std::ldexp(1.0, -24), "rel 2^-9");
    } else {
      w = approx_bound(f, e, std::ldexp(1.0, -7), std::ldexp(1.0, -126), "rel 2^-7");
    }
  } else if (op == "ex2") {
    const double a = in(x[0]);
    const double e = std::exp2(a);
    if (a == 0 || std::isinf(a) || std::isnan(a))
      w = ref::round_want(f, e, Mods{});
    else if (&f == &ref::F16)
      w = ref::approx_rel(f, e, std::exp2(-9.9), std::ldexp(1.0, -14), false, "rel 2^-9.9");
    else
      w = ref::approx_rel(f, e, std::ldexp(1.0, -7), 0, true, "rel 2^-7");
  } else {
    return "no reference for " + op + "." + s.type();
  }
  return "";
}

// -- testp ----------------------------------------------------------------------------

inline std::string testp_want(const Spec& s, const u64 (&x)[3], Want& w) {
  const double v =
      s.type() == "f64" ? ref::u2d(x[0]) : ref::decode(ref::F32, static_cast<u32>(x[0]));
  const double tiny = s.type() == "f64" ? 2.2250738585072014e-308 : 1.1754943508222875e-38;
  const std::string& t = s.tok[1];
  bool r;
  if (t == "finite")
    r = std::isfinite(v);
  else if (t == "infinite")
    r = std::isinf(v);
  else if (t == "number")
    r = !std::isnan(v);
  else if (t == "notanumber")
    r = std::isnan(v);
  else if (t == "normal")
    // the H200 counts +-0 as normal (testp.normal = finite and not subnormal),
    // measured on 2026-12-01; the reference follows the hardware
    r = std::isfinite(v) && (v == 0 || std::fabs(v) >= tiny);
  else if (t == "subnormal")
    r = v != 0 && std::fabs(v) < tiny;
  else
    return "no testp reference for ." + t;
  w = Want::bits_of(r ? 1 : 0);
  return "";
}

// -- cvt --------------------------------------------------------------------------------

inline int int_bits(const std::string& t) {
  if (t == "s8" || t == "u8")
    return 8;
  if (t == "s16" || t == "u16")
    return 16;
  if (t == "s32" || t == "u32")
    return 32;
  if (t == "s64" || t == "u64")
    return 64;
  return 0;
}
/// The value of integer bits of type t (sign-extended for s*), as a long double (exact).
inline long double int_value(const std::string& t, u64 b) {
  const int n = int_bits(t);
  const u64 m = n == 64 ? ~0ull : ((1ull << n) - 1);
  b &= m;
  if (t[0] == 's' && n < 64 && (b >> (n - 1)) & 1)
    return static_cast<long double>(static_cast<long long>(b | ~m));
  if (t[0] == 's')
    return static_cast<long double>(static_cast<long long>(b));
  return static_cast<long double>(b);
}
/// A float rounded to an integer in mode r and saturated to type t (NaN: 0).
inline u64 to_int(const std::string& t, double v, Rnd r) {
  if (std::isnan(v))
    return 0;
  const int n = int_bits(t);
  double q = r == Rnd::rz   ? std::trunc(v)
             : r == Rnd::rm ? std::floor(v)
             : r == Rnd::rp ? std::ceil(v)
                            : std::nearbyint(v);
  const long double lo = t[0] == 's' ? -std::ldexp(1.0L, n - 1) : 0.0L;
  const long double hi = t[0] == 's' ? std::ldexp(1.0L, n - 1) - 1 : std::ldexp(1.0L, n) - 1;
  long double qq = q;
  if (qq < lo)
    qq = lo;
  if (qq > hi)
    qq = hi;
  const u64 m = n == 64 ? ~0ull : ((1ull << n) - 1);
  if (t[0] == 's')
    return static_cast<u64>(static_cast<long long>(qq)) & m;
  return static_cast<u64>(qq) & m;
}

inline std::string cvt_want(const Spec& s, const u64 (&x)[3], Expect& e) {
  const std::string& dt = s.type(1);
  const std::string& st = s.type(0);
  Want& w = e.w[0];
  const Rnd r = s.rnd();
  Mods m;
  m.rnd = r;
  m.ftz = s.has("ftz");
  m.relu = s.has("relu");
  m.satfinite = s.has("satfinite");
  if (s.op == "cvt.pack") {
    const std::string& ct = s.tok[3];
    const int n = ct == "u16" || ct == "s16" ? 16 : ct == "u8" || ct == "s8" ? 8 : ct[1] - '0';
    const long long lo = ct[0] == 's' ? -(1ll << (n - 1)) : 0;
    const long long hi = ct[0] == 's' ? (1ll << (n - 1)) - 1 : (1ll << n) - 1;
    auto sat = [&](u64 v) {
      long long q = static_cast<int>(static_cast<u32>(v));
      q = q < lo ? lo : (q > hi ? hi : q);
      return static_cast<u64>(q) & ((1ull << n) - 1);
    };
    u64 d = sat(x[1]) | (sat(x[0]) << n);
    if (n < 16)
      d |= (x[2] << (2 * n));
    w = Want::bits_of(d & 0xffffffffull);
    return "";
  }
  double v; // the source's value
  if (st == "f64")
    v = ref::u2d(x[0]);
  else if (const Fmt* sf = fmt_of(st); sf && st.size() < 5)
    v = ref::decode(*sf, static_cast<u32>(x[0]));
  else if (int_bits(st))
    v = 0; // integers below
  else
    return "no cvt reference for source ." + st;
  if (m.ftz && st == "f32")
    v = ref::ftz_in(ref::F32, v);
  if (dt == "f64") {
    if (int_bits(st)) {
      const long double iv = int_value(st, x[0]);
      const int mode = r == Rnd::rn   ? FE_TONEAREST
                       : r == Rnd::rz ? FE_TOWARDZERO
                       : r == Rnd::rm ? FE_DOWNWARD
                                      : FE_UPWARD;
      std::fesetround(mode);
      volatile long double li = iv;
      volatile double d = static_cast<double>(li);
      std::fesetround(FE_TONEAREST);
      w = w64(d);
    } else {
      w = w64(v); // exact
    }
    return "";
  }
  if (int_bits(dt)) {
    // a NaN from f64 comes out of the H200 as the top bit of the destination's
    // width (0x80000000 for .s32 and .u32 alike), not PTX's 0: measured on
    // 2026-12-01 for every f64 -> integer form; the reference follows the hardware
    if (st == "f64" && std::isnan(v))
      w = Want::bits_of(1ull << (int_bits(dt) - 1));
    else
      w = Want::bits_of(to_int(dt, v, r));
    return "";
  }
  if (dt == "f16x2" || dt == "bf16x2") { // two f32 sources: a high, b low
    const Fmt& f = *fmt_of(dt);
    e.lanes = 2;
    e.lane_bits = 16;
    e.w[1] = ref::round_want(f, ref::decode(ref::F32, static_cast<u32>(x[0])), m);
    e.w[0] = ref::round_want(f, ref::decode(ref::F32, static_cast<u32>(x[1])), m);
    return "";
  }
  if (const Fmt* f = fmt_of(dt)) {
    w = ref::round_want(*f, v, m);
    return "";
  }
  return "no cvt reference for ." + dt;
}

// -- inputs ------------------------------------------------------------------------------

inline u64 random_f64(Rng& r) {
  const u64 sign = r.chance(50) ? (1ull << 63) : 0;
  const u64 mant = r.bits() & ((1ull << 52) - 1);
  auto with_exp = [&](int e) { return sign | (static_cast<u64>(e) << 52) | mant; };
  const u32 k = r.below(100);
  if (k < 3)
    return sign;
  if (k < 5)
    return sign | (0x7ffull << 52);
  if (k < 7)
    return sign | (0x7ffull << 52) | (mant | 1);
  if (k < 14)
    return sign | (mant ? mant : 1);
  if (k < 18)
    return with_exp(r.range(1, 3));
  if (k < 22)
    return with_exp(r.range(2043, 2046));
  if (k < 25)
    return sign | (1023ull << 52);
  if (k < 60)
    return with_exp(r.range(1023 - 8, 1023 + 8));
  return with_exp(r.range(1, 2046));
}
inline double uniform(Rng& r, double lo, double hi) {
  return lo + (hi - lo) * (static_cast<double>(r.bits() >> 11) * 0x1.0p-53);
}
/// A value for a float-to-integer conversion: in and around the integer type's range,
/// halves (ties), specials.
inline double int_range_value(Rng& r, const std::string& t) {
  const int n = int_bits(t);
  const double top = std::ldexp(1.0, t[0] == 's' ? n - 1 : n);
  const u32 k = r.below(100);
  if (k < 5)
    return ref::u2d(random_f64(r));
  if (k < 25)
    return std::floor(uniform(r, -16, 16)) + 0.5;
  if (k < 35)
    return uniform(r, -2 * top, 2 * top);
  return uniform(r, t[0] == 's' ? -top : -4, top);
}

/// The sources of one element of spelling s (nsrc of them, as bits).
inline void inputs(const Spec& s, Rng& r, u64 (&x)[3]) {
  const std::string& t = s.type();
  const std::string& op = s.op;
  const Fmt* f = fmt_of(t);
  auto one = [&]() -> u64 {
    u64 v = 0;
    if (op == "cvt.pack") {
      const u32 k = r.below(100);
      v = k < 50 ? static_cast<u64>(static_cast<u32>(r.range(-300, 300)))
                 : (r.bits() & 0xffffffffull);
    } else if (op == "cvt") {
      const std::string& dt = s.type(1);
      if (t == "f64" && int_bits(dt))
        v = ref::d2u(int_range_value(r, dt));
      else if (t == "f64")
        v = random_f64(r);
      else if (int_bits(t))
        v = r.bits() & (int_bits(t) == 64 ? ~0ull : ((1ull << int_bits(t)) - 1));
      else
        v = random_float(r, *fmt_of(t));
    } else if (t == "f64") {
      if (op == "rcp" && s.has("approx")) // normal results, and the special values
        v = r.chance(15) ? random_f64(r)
                         : ref::d2u(std::ldexp(uniform(r, 1, 2), r.range(-1000, 1000)) *
                                    (r.chance(50) ? -1 : 1));
      else if (op == "rsqrt")
        v = r.chance(15) ? random_f64(r)
                         : ref::d2u(std::ldexp(uniform(r, 1, 2), r.range(-1020, 1020)));
      else
        v = random_f64(r);
    } else if (op == "testp") {
      v = t == "f64" ? random_f64(r) : random_float(r, ref::F32);
    } else if (op == "sin" || op == "cos") {
      v = r.chance(10) ? random_float(r, ref::F32)
                       : ref::f2u(static_cast<float>(uniform(r, -3.14159, 3.14159)));
      if (std::fabs(ref::decode(ref::F32, static_cast<u32>(v))) > 3.14159)
        v = ref::f2u(0.5f);
    } else if (op == "tanh" || op == "ex2") {
      const double hi = op == "ex2" ? (f == &ref::F16 ? 15.0 : 100.0) : 8.0;
      const double val =
          r.chance(50) ? uniform(r, -hi, hi)
                       : std::ldexp(uniform(r, 1, 2), r.range(-12, 3)) * (r.chance(50) ? -1 : 1);
      const u32 b = ref::round_to(*f, val, Rnd::rn);
      const u32 special = random_float(r, *f);
      const double sv = ref::decode(*f, special);
      const bool ok_special = sv == 0 || std::isinf(sv) || std::isnan(sv);
      v = r.chance(10) && ok_special ? special : b;
    } else if (f) {
      v = random_float(r, *f);
    } else {
      v = r.bits();
    }
    return v;
  };
  const bool x2 = t == "f16x2" || t == "bf16x2";
  for (u64& v : x)
    v = x2 ? (one() | (one() << 16)) : one();
}

/// The accepted results of one element (packed halves: lane by lane).
inline std::string want(const Spec& s, const u64 (&x)[3], Expect& e) {
  e = Expect{};
  const std::string& t = s.type();
  if (s.op == "testp")
    return testp_want(s, x, e.w[0]);
  if (s.op == "cvt" || s.op == "cvt.pack")
    return cvt_want(s, x, e);
  if (t == "f64")
    return f64_want(s, x, e.w[0]);
  const Fmt* f = fmt_of(t);
  if (!f)
    return "no reference for ." + t;
  if (t == "f16x2" || t == "bf16x2") {
    e.lanes = 2;
    e.lane_bits = 16;
    for (int l = 0; l < 2; ++l) {
      const u32 y[3] = {static_cast<u32>(x[0] >> (16 * l)) & 0xffff,
                        static_cast<u32>(x[1] >> (16 * l)) & 0xffff,
                        static_cast<u32>(x[2] >> (16 * l)) & 0xffff};
      const std::string err = small_want(s, *f, y, e.w[l]);
      if (!err.empty())
        return err;
    }
    return "";
  }
  const u32 y[3] = {static_cast<u32>(x[0]), static_cast<u32>(x[1]), static_cast<u32>(x[2])};
  return small_want(s, *f, y, e.w[0]);
}

} // namespace fp_more
