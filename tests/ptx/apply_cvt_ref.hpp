// The host references of the cvt and mov spellings (include/tirx/ptx/cvt.hpp,
// mov.hpp) for the GPU test gpu_apply_cvt.cu, and its inputs. The meaning of
// a cvt spelling is read from its tokens: rounding (.rn/.rz/.rm/.rp, .rni/
// .rzi/.rmi/.rpi), .relu, .sat, .satfinite, .ftz, destination and source
// type. Host-only; checked by test_apply_reference.cpp.
//
// PTX ISA 9.1, "Data Movement and Conversion Instructions: cvt":
//   float -> narrower float   correctly rounded in the mode; overflow to inf or to the largest
//                             finite value as the mode says; NaN -> a NaN
//   .relu                     negative -> +0 (a -0 may stay -0), NaN -> a NaN
//   .satfinite (e4m3, e5m2)   |x| > MAX_NORM and infinities -> +-MAX_NORM (448, 57344); NaN -> NaN
//   packed results            the first source goes to the high half / byte: cvt.rn.f16x2.f32 d, a,
//   b
//                             gives d = {a (bits 31:16), b (15:0)}; from or to a packed source,
//                             high to high
//   float -> integer          .rni/.rzi/.rmi/.rpi, clamped to the destination's range, NaN -> 0
//   integer -> float          correctly rounded in the mode
//   widening (f16, bf16, fp8 -> wider)  exact (a NaN: some NaN)
//   mov                       the exact bits
#pragma once

#include "apply_reference.hpp"
#include "support/spelling_tokens.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace apply_test::cvt {

using ref::Fmt;
using ref::Mods;
using ref::Rnd;
using ref::Want;

/// A format by its type token; null for integers and unknown tokens.
inline const Fmt* fmt_of(const std::string& t) {
  if (t == "f32")
    return &ref::F32;
  if (t == "f16" || t == "f16x2")
    return &ref::F16;
  if (t == "bf16" || t == "bf16x2")
    return &ref::BF16;
  if (t == "e4m3x2")
    return &ref::E4M3;
  if (t == "e5m2x2")
    return &ref::E5M2;
  return nullptr;
}
inline bool packed(const std::string& t) {
  return t == "f16x2" || t == "bf16x2" || t == "e4m3x2" || t == "e5m2x2";
}
/// Integer types: bits and signedness; 0 bits if not an integer type.
inline int int_bits(const std::string& t, bool& is_signed) {
  is_signed = t[0] == 's';
  if (t == "s8" || t == "u8")
    return 8;
  if (t == "s16" || t == "u16")
    return 16;
  if (t == "s32" || t == "u32")
    return 32;
  return 0;
}

// -----------------------------------------------------------------------------
// cvt
// -----------------------------------------------------------------------------

struct CvtSpec {
  Mods mods;
  bool int_round = false; ///< .rni/.rzi/.rmi/.rpi
  std::string dtype, atype;
  int nsrc = 1;
  std::string error;
};

inline CvtSpec parse_cvt(const char* spelling) {
  CvtSpec s;
  const std::vector<std::string> tok = tirx_test::tokens(spelling);
  if (tok.size() < 3 || tok[0] != "cvt") {
    s.error = "not a cvt";
    return s;
  }
  s.dtype = tok[tok.size() - 2];
  s.atype = tok.back();
  for (std::size_t i = 1; i + 2 < tok.size(); ++i) {
    const std::string& t = tok[i];
    if (t == "rn" || t == "rni")
      s.mods.rnd = Rnd::rn;
    else if (t == "rz" || t == "rzi")
      s.mods.rnd = Rnd::rz;
    else if (t == "rm" || t == "rmi")
      s.mods.rnd = Rnd::rm;
    else if (t == "rp" || t == "rpi")
      s.mods.rnd = Rnd::rp;
    else if (t == "relu")
      s.mods.relu = true;
    else if (t == "sat")
      s.mods.sat = true;
    else if (t == "satfinite")
      s.mods.satfinite = true;
    else if (t == "ftz")
      s.mods.ftz = true;
    else
      s.error = "unknown modifier ." + t;
    if (t.size() == 3 && t.back() == 'i')
      s.int_round = true;
  }
  bool sg = false;
  const bool dst_ok = fmt_of(s.dtype) || int_bits(s.dtype, sg);
  const bool src_ok = fmt_of(s.atype) || int_bits(s.atype, sg);
  if (!dst_ok || !src_ok)
    s.error = "unknown type ." + (dst_ok ? s.atype : s.dtype);
  s.nsrc = packed(s.dtype) && !packed(s.atype) ? 2 : 1;
  return s;
}

/// The value a source lane stands for.
inline double source_value(const std::string& atype, u32 bits) {
  bool sg = false;
  if (const int ib = int_bits(atype, sg)) {
    if (sg)
      return static_cast<double>(static_cast<std::int32_t>(bits << (32 - ib)) >> (32 - ib));
    return static_cast<double>(bits);
  }
  return ref::decode(*fmt_of(atype), bits);
}

/// One converted lane.
inline Want lane(const CvtSpec& s, double v) {
  bool sg = false;
  if (const int ib = int_bits(s.dtype, sg)) { // float -> integer
    long long r = 0;
    if (!std::isnan(v)) {
      double x = 0;
      switch (s.mods.rnd) {
      case Rnd::rn:
        x = std::nearbyint(v);
        break; // ties to even in the default environment
      case Rnd::rz:
        x = std::trunc(v);
        break;
      case Rnd::rm:
        x = std::floor(v);
        break;
      case Rnd::rp:
        x = std::ceil(v);
        break;
      }
      const double lo = sg ? -std::ldexp(1.0, ib - 1) : 0.0,
                   hi = sg ? std::ldexp(1.0, ib - 1) - 1 : std::ldexp(1.0, ib) - 1;
      x = x < lo ? lo : (x > hi ? hi : x);
      r = static_cast<long long>(x);
    }
    return Want::bits_of(static_cast<u64>(r) & ((1ull << ib) - 1));
  }
  const Fmt& f = *fmt_of(s.dtype);
  if (s.mods.ftz)
    v = ref::ftz_in(ref::F32, v);
  return ref::round_want(f, v, s.mods); // exact when v is representable (widening)
}

inline Expect want_cvt(const CvtSpec& s, const u64 (&x)[3]) {
  Expect e;
  const Fmt* df = fmt_of(s.dtype);
  if (!packed(s.dtype)) {
    e.w[0] = lane(s, source_value(s.atype, static_cast<u32>(x[0])));
    if (df == nullptr)
      e.w[0].fmt = nullptr;
    return e;
  }
  e.lanes = 2;
  e.lane_bits = df->bits();
  if (!packed(s.atype)) { // two scalar sources: the first goes high
    e.w[1] = lane(s, source_value(s.atype, static_cast<u32>(x[0])));
    e.w[0] = lane(s, source_value(s.atype, static_cast<u32>(x[1])));
  } else { // one packed source: high to high
    const int sb = fmt_of(s.atype)->bits();
    const u32 m = (1u << sb) - 1;
    e.w[1] = lane(s, source_value(s.atype, static_cast<u32>(x[0] >> sb) & m));
    e.w[0] = lane(s, source_value(s.atype, static_cast<u32>(x[0]) & m));
  }
  return e;
}

/// A value near the representable values of format f (exact, a tie, or
/// between), or anywhere in f32.
inline u32 near_format(Rng& r, const Fmt& f) {
  if (r.chance(25))
    return random_float(r, ref::F32);
  const double v = ref::decode(f, random_float(r, f));
  if (std::isnan(v) || std::isinf(v))
    return ref::f2u(static_cast<float>(v));
  const double ulp =
      std::ldexp(1.0, std::max(std::ilogb(v == 0 ? f.min_normal() : v), f.emin()) - f.mant);
  double d = 0;
  switch (r.below(4)) {
  case 0:
    d = 0;
    break;
  case 1:
    d = ulp / 2;
    break; // a tie
  case 2:
    d = ulp * static_cast<double>(r.below(1024)) / 1024.0;
    break; // between
  default:
    d = ulp * (0.5 + (r.chance(50) ? 1.0 : -1.0) * std::ldexp(1.0, -r.range(10, 20))); // near a tie
  }
  return ref::round_to(ref::F32, v + (r.chance(50) ? d : -d), Rnd::rz);
}

/// A float near integers: ties, the ends of the destination's range.
inline u32 near_integer(Rng& r, int bits, bool sg) {
  if (r.chance(20))
    return random_float(r, ref::F32);
  const double lo = sg ? -std::ldexp(1.0, bits - 1) : 0.0,
               hi = sg ? std::ldexp(1.0, bits - 1) - 1 : std::ldexp(1.0, bits) - 1;
  double base = 0;
  switch (r.below(4)) {
  case 0:
    base = lo + r.range(-3, 3);
    break;
  case 1:
    base = hi + r.range(-3, 3);
    break;
  case 2:
    base = r.range(-1000, 1000);
    break;
  default:
    base = std::ldexp(static_cast<double>(r.bits() % 1000000), r.range(-10, 30)) *
           (r.chance(50) ? 1 : -1);
    break;
  }
  const double frac[] = {0.0, 0.5, -0.5, 0.25, 0.75, 0.999, -0.999};
  return ref::round_to(ref::F32, base + frac[r.below(7)], Rnd::rn);
}

inline u32 random_int32(Rng& r, bool sg) {
  const int k = r.range(0, 32);
  u32 v = static_cast<u32>(r.bits()) & (k == 32 ? ~0u : ((1u << k) - 1));
  if (r.chance(15))
    v |= 1u; // odd values above 2^24 / 2^11 do not fit: ties and inexact results
  if (sg && r.chance(50))
    v = static_cast<u32>(-static_cast<std::int64_t>(v));
  if (r.chance(5))
    v = sg ? 0x80000000u : 0xffffffffu;
  return v;
}

inline void gen_cvt(const CvtSpec& s, Rng& r, u64 (&x)[3]) {
  bool dsg = false, asg = false;
  const int dib = int_bits(s.dtype, dsg), aib = int_bits(s.atype, asg);
  auto one = [&]() -> u64 {
    if (aib)
      return random_int32(r, asg);
    if (s.atype == "f32") {
      if (dib)
        return near_integer(r, dib, dsg);
      return near_format(r, *fmt_of(s.dtype));
    }
    if (s.atype == "f16x2") { // two f16 near fp8 values
      u64 v = 0;
      for (int l = 0; l < 2; ++l) {
        const u32 f = near_format(r, *fmt_of(s.dtype));
        v |= static_cast<u64>(ref::round_to(ref::F16, ref::decode(ref::F32, f), Rnd::rn))
             << (16 * l);
      }
      return v;
    }
    if (s.atype == "f16")
      return random_float(r, ref::F16);
    if (s.atype == "bf16")
      return random_float(r, ref::BF16);
    return r.bits() & 0xffff; // e4m3x2 / e5m2x2: every byte pattern
  };
  x[0] = one();
  x[1] = one();
  x[2] = 0;
}

// mov: the bits

inline Expect want_mov(const u64 (&x)[3]) {
  Expect e;
  e.w[0] = Want::bits_of(x[0]);
  return e;
}

} // namespace apply_test::cvt
