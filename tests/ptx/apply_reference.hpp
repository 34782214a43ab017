// Host references for the GPU tests of tile::apply (gpu_apply_*.cu): the
// value every PTX spelling must produce, computed without the GPU and
// without the host's floating-point environment.
//
//   * Correct rounding in any mode: the exact result is first reduced to a
//     double by round-to-odd (error-free transformations: TwoSum, the fma
//     remainder of a quotient or square root), then rounded by integer
//     arithmetic to the target format (f32, f16, bf16, e4m3, e5m2) in
//     .rn/.rz/.rm/.rp. Round-to-odd onto 53 bits followed by one rounding
//     to at most 24 bits is the correctly rounded result in every mode.
//   * .ftz: subnormal inputs become sign-preserving zeros; a subnormal
//     result becomes a sign-preserving zero. Where PTX does not say whether
//     tininess is detected before or after rounding (an exact result just
//     below the smallest normal that rounds up to it), both answers pass.
//   * .sat: [0, 1], NaN -> +0. A result of -0 may come back as -0 or +0
//     (PTX says "clamps to [0.0, 1.0]" and does not say).
//   * NaN results: single-precision and half-precision instructions return
//     an unspecified NaN (PTX ISA, Floating-Point Instructions), so any NaN
//     passes where a NaN is expected, and only a NaN does.
//
// Host-only; no CUDA types, so it can be checked by a host program too.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

namespace ref {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

enum class Rnd { rn, rz, rm, rp };

inline const char* rnd_name(Rnd r) {
  switch (r) {
  case Rnd::rn:
    return "rn";
  case Rnd::rz:
    return "rz";
  case Rnd::rm:
    return "rm";
  case Rnd::rp:
    return "rp";
  }
  return "?";
}

// -- bits ----------------------------------------------------------------------

inline u32 f2u(float f) {
  u32 u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float u2f(u32 u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline u64 d2u(double d) {
  u64 u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline double u2d(u64 u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

// -- formats -------------------------------------------------------------------

/// A binary floating-point format of at most 32 bits.
struct Fmt {
  const char* name;
  int mant;     ///< stored mantissa bits
  int exp;      ///< exponent bits
  bool has_inf; ///< false: e4m3 (all-ones exponent is a normal binade, S.1111.111 is NaN)
  int bits() const { return 1 + exp + mant; }
  int bias() const { return (1 << (exp - 1)) - 1; }
  int emin() const { return 1 - bias(); }
  int emax() const { return has_inf ? (1 << exp) - 2 - bias() : (1 << exp) - 1 - bias(); }
  u32 sign_mask() const { return u32{1} << (exp + mant); }
  u32 exp_mask() const { return ((u32{1} << exp) - 1) << mant; }
  u32 mant_mask() const { return (u32{1} << mant) - 1; }
  double max_finite() const {
    // e4m3: the top binade's all-ones mantissa is NaN, so its largest is 1.110b
    const double top = has_inf ? 2.0 - std::ldexp(1.0, -mant) : 2.0 - std::ldexp(1.0, -(mant - 1));
    return std::ldexp(top, emax());
  }
  double min_normal() const { return std::ldexp(1.0, emin()); }
  u32 canonical_nan() const { return exp_mask() | mant_mask(); }
  u32 inf_bits() const { return exp_mask(); }
};

inline constexpr Fmt F32{"f32", 23, 8, true};
inline constexpr Fmt F16{"f16", 10, 5, true};
inline constexpr Fmt BF16{"bf16", 7, 8, true};
inline constexpr Fmt E4M3{"e4m3", 3, 4, false};
inline constexpr Fmt E5M2{"e5m2", 2, 5, true};

inline bool is_nan(const Fmt& f, u32 b) {
  const u32 e = b & f.exp_mask(), m = b & f.mant_mask();
  if (!f.has_inf)
    return e == f.exp_mask() && m == f.mant_mask();
  return e == f.exp_mask() && m != 0;
}
inline bool is_inf(const Fmt& f, u32 b) {
  return f.has_inf && (b & ~f.sign_mask()) == f.inf_bits();
}
inline bool is_sub(const Fmt& f, u32 b) {
  return (b & f.exp_mask()) == 0 && (b & f.mant_mask()) != 0;
}
inline bool sign_of(const Fmt& f, u32 b) { return (b & f.sign_mask()) != 0; }

/// The value of a bit pattern (NaN for NaNs).
inline double decode(const Fmt& f, u32 b) {
  const bool s = sign_of(f, b);
  if (is_nan(f, b))
    return std::nan("");
  if (is_inf(f, b))
    return s ? -INFINITY : INFINITY;
  const u32 e = (b & f.exp_mask()) >> f.mant, m = b & f.mant_mask();
  double v = e == 0 ? std::ldexp(static_cast<double>(m), f.emin() - f.mant)
                    : std::ldexp(static_cast<double>(m | (u32{1} << f.mant)),
                                 static_cast<int>(e) - f.bias() - f.mant);
  return s ? -v : v;
}

/// The bits of a value that the format holds exactly (finite, or inf).
inline u32 encode_exact(const Fmt& f, double v) {
  const u32 s = std::signbit(v) ? f.sign_mask() : 0;
  const double a = std::fabs(v);
  if (std::isinf(a))
    return s | f.inf_bits();
  if (a == 0)
    return s;
  int e = std::ilogb(a);
  if (e < f.emin())
    return s | static_cast<u32>(std::ldexp(a, f.mant - f.emin()));
  const u32 m = static_cast<u32>(std::ldexp(a, f.mant - e)) & f.mant_mask();
  return s | (static_cast<u32>(e + f.bias()) << f.mant) | m;
}

/// Rounds x to the format. x is the exact result, or its round-to-odd
/// double (any mode is then still correct). satfinite: out-of-range
/// magnitudes (and infinities) become the largest finite value.
inline u32 round_to(const Fmt& f, double x, Rnd r, bool satfinite = false) {
  if (std::isnan(x))
    return f.canonical_nan();
  const bool neg = std::signbit(x);
  const u32 s = neg ? f.sign_mask() : 0;
  const double a = std::fabs(x);
  const double maxf = f.max_finite();
  const bool away = r == Rnd::rn || (r == Rnd::rp && !neg) || (r == Rnd::rm && neg);
  auto overflow = [&]() -> u32 {
    if (satfinite || !away || !f.has_inf)
      return s | encode_exact(f, maxf);
    return s | f.inf_bits();
  };
  if (std::isinf(a))
    return (satfinite || !f.has_inf) ? (s | encode_exact(f, maxf)) : (s | f.inf_bits());
  if (a == 0)
    return s;
  int e = std::ilogb(a);
  if (e < f.emin())
    e = f.emin();
  if (e > f.emax() + 1)
    return overflow();
  const double q = std::ldexp(a, f.mant - e); // the quantum of the binade is 1 here
  double n = std::floor(q);
  const double frac = q - n;
  bool up = false;
  switch (r) {
  case Rnd::rn:
    up = frac > 0.5 || (frac == 0.5 && std::fmod(n, 2.0) == 1.0);
    break;
  case Rnd::rz:
    up = false;
    break;
  case Rnd::rp:
    up = !neg && frac > 0;
    break;
  case Rnd::rm:
    up = neg && frac > 0;
    break;
  }
  if (up)
    n += 1;
  const double v = std::ldexp(n, e - f.mant);
  if (v > maxf)
    return overflow();
  return s | encode_exact(f, v);
}

// -- exact results reduced by round-to-odd ----------------------------------------

/// s + e == the exact value, |e| at most half an ulp of s (or e == 0).
inline double odd_from(double s, double e) {
  if (e == 0 || std::isinf(s) || std::isnan(s))
    return s;
  double t = (std::signbit(e) != std::signbit(s)) ? std::nextafter(s, 0.0) : s;
  return u2d(d2u(t) | 1);
}
/// The sign of an exact zero sum p + c (IEEE 754 6.3).
inline double zero_sum(double p, double c, Rnd r) {
  if (p == 0 && c == 0 && std::signbit(p) == std::signbit(c))
    return p;
  return r == Rnd::rm ? -0.0 : 0.0;
}
inline double odd_add(double a, double b, Rnd r) {
  const double s = a + b;
  if (std::isnan(s) || std::isinf(s))
    return s;
  const double bb = s - a, e = (a - (s - bb)) + (b - bb); // TwoSum
  if (s == 0 && e == 0)
    return zero_sum(a, b, r);
  return odd_from(s, e);
}
inline double odd_fma(double a, double b, double c, Rnd r) {
  const double p = a * b; // exact: at most 2 x 24 significant bits
  if (std::isnan(p) || std::isinf(p) || std::isinf(c) || std::isnan(c))
    return p + c;
  return odd_add(p, c, r);
}
inline double odd_div(double a, double b) {
  const double q = a / b;
  if (std::isnan(q) || std::isinf(q) || q == 0 || std::isinf(b))
    return q;
  const double rem = std::fma(-q, b, a); // exact
  if (rem == 0)
    return q;
  // the exact quotient is q + rem / b
  const bool up = (rem > 0) == (b > 0); // true: exact > q
  return odd_from(q, up ? 1.0 : -1.0);
}
inline double odd_sqrt(double a) {
  const double s = std::sqrt(a);
  if (std::isnan(s) || std::isinf(s) || s == 0)
    return s;
  const double rem = std::fma(-s, s, a);
  if (rem == 0)
    return s;
  return odd_from(s, rem > 0 ? 1.0 : -1.0);
}

// -- what the GPU may return ---------------------------------------------------------

/// The accepted results of one element.
struct Want {
  bool any = false; ///< not checked (e.g. a predicated-off load without preserve_dst)
  bool nan = false; ///< any NaN
  int n = 0;        ///< accepted bit patterns
  u64 bits[4] = {};
  bool range = false; ///< accepted: ord(got) in [lo, hi] (approximate forms)
  long long lo = 0, hi = 0;
  const Fmt* fmt = nullptr; ///< how to read the bits (null: integers, compared exactly)
  double exact = 0;         ///< approximate forms: the exact value
  const char* note = "";    ///< approximate forms: the bound
  bool f64 = false;         ///< the bits are a double: NaN is read as one, range is [dlo, dhi]
  double dlo = 0, dhi = 0;

  static Want dont_care() {
    Want w;
    w.any = true;
    return w;
  }
  static Want bits_of(u64 b, const Fmt* f = nullptr) {
    Want w;
    w.fmt = f;
    w.n = 1;
    w.bits[0] = b;
    return w;
  }
  void also(u64 b) {
    for (int i = 0; i < n; ++i)
      if (bits[i] == b)
        return;
    if (n < 4)
      bits[n++] = b;
  }
};

/// Position of a pattern in the order of values (+0 and -0 both 0).
inline long long ord(const Fmt& f, u32 b) {
  const long long mag = b & ~f.sign_mask();
  return sign_of(f, b) ? -mag : mag;
}

inline bool accepts(const Want& w, u64 got) {
  if (w.any)
    return true;
  if (w.f64) {
    const double g = u2d(got);
    if (std::isnan(g))
      return w.nan;
    for (int i = 0; i < w.n; ++i)
      if (w.bits[i] == got)
        return true;
    return w.range && g >= w.dlo && g <= w.dhi;
  }
  if (w.fmt && is_nan(*w.fmt, static_cast<u32>(got)))
    return w.nan;
  for (int i = 0; i < w.n; ++i)
    if (w.bits[i] == got)
      return true;
  if (w.range && w.fmt) {
    const long long o = ord(*w.fmt, static_cast<u32>(got));
    return o >= w.lo && o <= w.hi;
  }
  return false;
}

/// Bits as hex with a fixed number of digits.
inline std::string hex(u64 b, int digits) {
  static const char* const d = "0123456789abcdef";
  std::string s = "0x";
  for (int i = digits - 1; i >= 0; --i)
    s += d[(b >> (4 * i)) & 15];
  return s;
}

/// A value of the format as text: "1.5 (0x3fc00000)".
inline std::string show(const Fmt* f, u64 b) {
  char buf[64];
  if (!f) {
    std::snprintf(buf, sizeof buf, " (%lld)", static_cast<long long>(b));
    return hex(b, b >> 32 ? 16 : (b >> 16 ? 8 : (b >> 8 ? 4 : 2))) + buf;
  }
  const double v = decode(*f, static_cast<u32>(b));
  if (std::isnan(v))
    return "NaN (" + hex(b, (f->bits() + 3) / 4) + ")";
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return std::string(buf) + " (" + hex(b, (f->bits() + 3) / 4) + ")";
}
inline std::string show(const Want& w) {
  if (w.any)
    return "anything";
  std::string s;
  if (w.nan)
    s = "a NaN";
  for (int i = 0; i < w.n; ++i)
    s += (s.empty() ? "" : " or ") + show(w.fmt, w.bits[i]);
  if (w.range && w.f64) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s[%.17g .. %.17g] (exact %.17g, %s)", s.empty() ? "" : " or ",
                  w.dlo, w.dhi, w.exact, w.note);
    s += buf;
  }
  if (w.range && w.fmt) {
    char buf[160];
    std::snprintf(
        buf, sizeof buf, "%s[%s .. %s] (exact %.12g, %s)", s.empty() ? "" : " or ",
        show(w.fmt, static_cast<u32>(w.lo < 0 ? (w.fmt->sign_mask() | static_cast<u32>(-w.lo))
                                              : static_cast<u32>(w.lo)))
            .c_str(),
        show(w.fmt, static_cast<u32>(w.hi < 0 ? (w.fmt->sign_mask() | static_cast<u32>(-w.hi))
                                              : static_cast<u32>(w.hi)))
            .c_str(),
        w.exact, w.note);
    s += buf;
  }
  return s;
}

// -- flush-to-zero, saturation ---------------------------------------------------------

/// .ftz on an input: a subnormal becomes a zero of its sign.
inline double ftz_in(const Fmt& f, double x) {
  if (x != 0 && std::fabs(x) < f.min_normal())
    return std::signbit(x) ? -0.0 : 0.0;
  return x;
}

/// The accepted results of rounding `x` (exact, or round-to-odd) to the
/// format with the modifiers of the spelling.
struct Mods {
  Rnd rnd = Rnd::rn;
  bool ftz = false;
  bool sat = false;  ///< clamp to [0, 1], NaN -> +0
  bool relu = false; ///< negative -> +0, NaN -> NaN
  bool satfinite = false;
};
inline Want round_want(const Fmt& f, double x, const Mods& m) {
  Want w;
  w.fmt = &f;
  if (std::isnan(x)) {
    if (m.sat)
      return Want::bits_of(0, &f);
    w.nan = true;
    return w;
  }
  u32 b = round_to(f, x, m.rnd, m.satfinite);
  u32 alt = b;
  if (m.ftz) {
    const bool neg = std::signbit(x);
    if (is_sub(f, b))
      b = neg ? f.sign_mask() : 0;
    // tininess before rounding: an exact value below the smallest normal that
    // rounded up to it may also be flushed
    alt = b;
    if (std::fabs(x) < f.min_normal() && std::fabs(decode(f, b)) == f.min_normal())
      alt = neg ? f.sign_mask() : 0;
  }
  auto finish = [&](u32 v) -> u32 {
    const double d = decode(f, v);
    if (m.sat) {
      if (d < 0)
        return 0;
      if (d > 1)
        return encode_exact(f, 1.0);
    }
    if (m.relu && d < 0)
      return 0;
    return v;
  };
  w.also(finish(b));
  w.also(finish(alt));
  // -0 under .sat / .relu: the sign of the zero is not specified
  for (int i = 0, n = w.n; i < n; ++i)
    if ((m.sat || m.relu) && w.bits[i] == f.sign_mask())
      w.also(0);
  return w;
}

/// An approximate result: accepted when within `ulps` of the correctly
/// rounded (.rn) value, in the order of the format's values.
inline Want approx_ulps(const Fmt& f, double exact, int ulps, bool ftz, const char* note) {
  Want w;
  w.fmt = &f;
  w.note = note;
  w.exact = exact;
  if (std::isnan(exact)) {
    w.nan = true;
    return w;
  }
  const u32 cr = round_to(f, exact, Rnd::rn);
  w.range = true;
  w.lo = ord(f, cr) - ulps;
  w.hi = ord(f, cr) + ulps;
  const long long top = ord(f, f.inf_bits());
  if (w.hi > top)
    w.hi = top;
  if (w.lo < -top)
    w.lo = -top;
  if (ftz && std::fabs(exact) < f.min_normal() * (1 + std::ldexp(1.0, -10))) {
    w.also(std::signbit(exact) ? f.sign_mask()
                               : 0); // a result at or below the smallest normal may flush
    w.also(0);
  }
  return w;
}

/// An approximate result within a relative bound `rel` of the exact value
/// (plus `abs_slack`): accepted values are those of the format in
/// [exact - tol, exact + tol], tol = rel * |exact| + abs_slack.
inline Want approx_rel(const Fmt& f, double exact, double rel, double abs_slack, bool ftz,
                       const char* note) {
  Want w;
  w.fmt = &f;
  w.note = note;
  w.exact = exact;
  if (std::isnan(exact)) {
    w.nan = true;
    return w;
  }
  if (std::isinf(exact)) {
    w.also(std::signbit(exact) ? (f.sign_mask() | f.inf_bits()) : f.inf_bits());
    return w;
  }
  const double tol = rel * std::fabs(exact) + abs_slack;
  // the smallest value >= exact - tol and the largest <= exact + tol
  const u32 lo_b = round_to(f, exact - tol, Rnd::rp), hi_b = round_to(f, exact + tol, Rnd::rm);
  w.range = true;
  w.lo = ord(f, lo_b);
  w.hi = ord(f, hi_b);
  if (exact + tol >= f.max_finite())
    w.hi = ord(f, f.inf_bits()); // overflow may round to inf
  if (ftz && std::fabs(exact) - tol < f.min_normal()) {
    w.also(std::signbit(exact) ? f.sign_mask() : 0);
    w.also(0);
  }
  return w;
}

} // namespace ref

// -----------------------------------------------------------------------------
// Shared by the tests: random inputs, and what an element may be
// -----------------------------------------------------------------------------

namespace apply_test {

using ref::u16;
using ref::u32;
using ref::u64;
using ref::u8;

inline u64 fnv1a(const char* s) {
  u64 h = 1469598103934665603ull;
  for (; *s; ++s)
    h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211ull;
  return h;
}

/// Random numbers of one spelling and case.
struct Rng {
  std::mt19937_64 g;
  Rng(u64 seed, const char* spelling, int case_id)
      : g(seed * 0x9E3779B97F4A7C15ull ^ fnv1a(spelling) ^ (u64(case_id) << 56)) {}
  u64 bits() { return g(); }
  u32 below(u32 n) { return static_cast<u32>(g() % n); }
  bool chance(u32 percent) { return below(100) < percent; }
  int range(int lo, int hi) { return lo + static_cast<int>(below(static_cast<u32>(hi - lo + 1))); }
};

/// A random value of a binary float format, with the special values at the
/// rate that makes every case of rounding and flushing likely: zeros,
/// subnormals, infinities, NaNs (quiet, signaling, with payloads, negative),
/// values at the ends of the range, values near 1.
inline u32 random_float(Rng& r, const ref::Fmt& f) {
  const u32 sign = r.chance(50) ? f.sign_mask() : 0;
  const u32 mant = static_cast<u32>(r.bits()) & f.mant_mask();
  const int emax_field = f.has_inf ? (1 << f.exp) - 2 : (1 << f.exp) - 1;
  auto with_exp = [&](int e) { return sign | (static_cast<u32>(e) << f.mant) | mant; };
  const u32 k = r.below(100);
  if (k < 3)
    return sign; // +-0
  if (k < 5)
    return f.has_inf ? (sign | f.inf_bits()) : (sign | f.canonical_nan()); // +-inf
  if (k < 7) {                                                             // NaNs
    if (!f.has_inf)
      return sign | f.canonical_nan();
    u32 m = mant | (r.chance(50) ? (u32{1} << (f.mant - 1)) : 1u); // quiet or signaling
    return sign | f.exp_mask() | m;
  }
  if (k < 15)
    return sign | (mant ? mant : 1u); // subnormal
  if (k < 19)
    return with_exp(r.range(1, 3)); // near the smallest normal
  if (k < 23)
    return with_exp(r.range(emax_field - 3, emax_field)) &
           ~(f.has_inf ? 0u : 1u); // largest binades
  if (k < 26)
    return sign | (static_cast<u32>(f.bias()) << f.mant); // +-1
  if (k < 60)
    return with_exp(r.range(f.bias() - 6, f.bias() + 6));            // moderate
  return with_exp(r.range(1, emax_field)) & (f.has_inf ? ~0u : ~1u); // anywhere
}

/// The accepted results of one destination element: one Want per lane
/// (packed destinations: lane 0 is the low half).
struct Expect {
  int lanes = 1;
  int lane_bits = 32;
  ref::Want w[4];
};
inline bool accepts(const Expect& e, u64 got) {
  if (e.lanes == 1)
    return ref::accepts(e.w[0], got); // the whole element (64-bit ones too)
  const u64 mask = e.lane_bits >= 64 ? ~0ull : ((1ull << e.lane_bits) - 1);
  for (int l = 0; l < e.lanes; ++l)
    if (!ref::accepts(e.w[l], (got >> (l * e.lane_bits)) & mask))
      return false;
  return true;
}

/// How to print an operand: lanes of a format, or an integer.
struct View {
  const ref::Fmt* fmt = nullptr; ///< null: integer
  int lanes = 1;
  int lane_bits = 32;
};
inline std::string show(const View& v, u64 bits) {
  if (v.lanes == 1)
    return ref::show(v.fmt, bits);
  std::string s = "{";
  for (int l = v.lanes - 1; l >= 0; --l) { // high lane first, as in the register
    const u64 mask = (1ull << v.lane_bits) - 1;
    s += ref::show(v.fmt, (bits >> (l * v.lane_bits)) & mask);
    if (l)
      s += " | ";
  }
  return s + "}";
}
inline std::string show(const Expect& e) {
  if (e.lanes == 1)
    return ref::show(e.w[0]);
  std::string s = "{";
  for (int l = e.lanes - 1; l >= 0; --l) {
    s += ref::show(e.w[l]);
    if (l)
      s += " | ";
  }
  return s + "}";
}

} // namespace apply_test
