// Host checks of the references of the tile::apply GPU tests
// (apply_reference.hpp, apply_arith_ref.hpp, apply_cvt_ref.hpp): the
// correctly rounded results in all four modes against the host's own
// floating-point unit, the f16 / bf16 / fp8 conversions against the CUDA
// headers' host implementations, and the PTX rules the references encode
// (NaN rules of min/max, .sat, .relu, .ftz, .satfinite, packing order,
// integer clamping) on values whose answers the manual or docs/design/
// ptx-facts.md state. The GPU tests are only as good as these.
#include "apply_arith_ref.hpp"
#include "apply_cvt_ref.hpp"

#include <catch2/catch.hpp>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cfenv>
#include <cfloat>
#include <cmath>
#include <random>

namespace {

using namespace apply_test;
using ref::Rnd;

/// The host FPU's result of a f32 operation in a rounding mode. (This file
/// is compiled with -frounding-math; the volatiles keep the operations
/// between the mode switches.)
float host_op(int op, float a, float b, float c, Rnd r) {
  static const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  volatile float va = a, vb = b, vc = c;
  float out = 0;
  std::fesetround(modes[static_cast<int>(r)]);
  switch (op) {
  case 0:
    out = va + vb;
    break;
  case 1:
    out = va * vb;
    break;
  case 2:
    out = va / vb;
    break;
  case 3:
    out = std::sqrt(static_cast<float>(va));
    break;
  default:
    out = std::fmaf(va, vb, vc);
    break;
  }
  volatile float keep = out;
  std::fesetround(FE_TONEAREST);
  return keep;
}

/// The one pattern a Want accepts (for results that PTX fixes exactly).
u32 only(const ref::Want& w) {
  REQUIRE(w.n >= 1);
  return static_cast<u32>(w.bits[0]);
}
u32 f(float x) { return ref::f2u(x); }

Expect arith_want(const char* spelling, int nsrc, u64 a, u64 b = 0, u64 c = 0) {
  const arith::Spec s = arith::parse(spelling);
  REQUIRE(s.error.empty());
  const u64 x[3] = {a, b, c};
  return arith::want_of(s, nsrc, x);
}
Expect cvt_want(const char* spelling, u64 a, u64 b = 0) {
  const cvt::CvtSpec s = cvt::parse_cvt(spelling);
  REQUIRE(s.error.empty());
  const u64 x[3] = {a, b, 0};
  return cvt::want_cvt(s, x);
}

} // namespace

TEST_CASE("correct rounding of add, mul, div, sqrt, fma in every mode matches the host FPU",
          "[apply][reference]") {
  std::mt19937 g(7);
  Rng rng(7, "reference", 0);
  long checked = 0;
  for (int i = 0; i < 200000; ++i) {
    const float a = ref::u2f(random_float(rng, ref::F32)),
                b = ref::u2f(random_float(rng, ref::F32));
    const float c = i % 3 ? ref::u2f(random_float(rng, ref::F32)) : -a * b;
    const Rnd r = static_cast<Rnd>(i % 4);
    const double exact[5] = {ref::odd_add(a, b, r), static_cast<double>(a) * b, ref::odd_div(a, b),
                             ref::odd_sqrt(std::fabs(a)), ref::odd_fma(a, b, c, r)};
    for (int op = 0; op < 5; ++op) {
      const float want = host_op(op, op == 3 ? std::fabs(a) : a, b, c, r);
      if (std::isnan(want))
        continue;
      const u32 got = ref::round_to(ref::F32, exact[op], r);
      if (got != f(want)) {
        INFO("op " << op << " mode " << ref::rnd_name(r) << " a " << a << " b " << b << " c " << c);
        REQUIRE(got == f(want));
      }
      ++checked;
    }
  }
  REQUIRE(checked > 900000);
}

TEST_CASE("f16, bf16, e4m3, e5m2 rounding matches cuda_fp16/bf16/fp8 on the host",
          "[apply][reference]") {
  Rng rng(11, "conversions", 0);
  for (int i = 0; i < 200000; ++i) {
    const float x = ref::u2f(i % 2 ? random_float(rng, ref::F32)
                                   : cvt::near_format(rng, i % 4 ? ref::F16 : ref::E4M3));
    if (std::isnan(x))
      continue;
    const __half h[4] = {__float2half_rn(x), __float2half_rz(x), __float2half_rd(x),
                         __float2half_ru(x)};
    const __nv_bfloat16 bh[4] = {__float2bfloat16_rn(x), __float2bfloat16_rz(x),
                                 __float2bfloat16_rd(x), __float2bfloat16_ru(x)};
    for (int m = 0; m < 4; ++m) {
      u16 hb, bb;
      std::memcpy(&hb, &h[m], 2);
      std::memcpy(&bb, &bh[m], 2);
      INFO("x " << x << " mode " << m);
      REQUIRE(ref::round_to(ref::F16, x, static_cast<Rnd>(m)) == hb);
      REQUIRE(ref::round_to(ref::BF16, x, static_cast<Rnd>(m)) == bb);
    }
    INFO("x " << x);
    REQUIRE(ref::round_to(ref::E4M3, x, Rnd::rn, true) ==
            __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3));
    REQUIRE(ref::round_to(ref::E5M2, x, Rnd::rn, true) ==
            __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E5M2));
  }
  for (u32 b = 0; b < 256; ++b) { // every fp8 value widens exactly to f16
    const __half_raw h4 = __nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(b), __NV_E4M3);
    const __half_raw h5 = __nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(b), __NV_E5M2);
    if (!ref::is_nan(ref::E4M3, b))
      REQUIRE(ref::encode_exact(ref::F16, ref::decode(ref::E4M3, b)) == h4.x);
    if (!ref::is_nan(ref::E5M2, b))
      REQUIRE(ref::encode_exact(ref::F16, ref::decode(ref::E5M2, b)) == h5.x);
  }
}

TEST_CASE("f32 arithmetic references follow the PTX rules", "[apply][reference]") {
  const u32 sub = 0x00000123, nsub = 0x80000123, nan = 0x7fc00000;
  // ties to even; directed modes; exact zeros
  REQUIRE(only(arith_want("add.rn.f32", 2, f(1.0f), f(0x1p-24f)).w[0]) == f(1.0f));
  REQUIRE(only(arith_want("add.rp.f32", 2, f(1.0f), f(0x1p-24f)).w[0]) == f(1.0f + 0x1p-23f));
  REQUIRE(only(arith_want("add.rm.f32", 2, f(1.5f), f(-1.5f)).w[0]) == f(-0.0f));
  REQUIRE(only(arith_want("add.rn.f32", 2, f(1.5f), f(-1.5f)).w[0]) == f(0.0f));
  REQUIRE(only(arith_want("add.rz.f32", 2, f(FLT_MAX), f(FLT_MAX)).w[0]) == f(FLT_MAX));
  REQUIRE(only(arith_want("add.f32", 2, f(FLT_MAX), f(FLT_MAX)).w[0]) == f(INFINITY));
  REQUIRE(only(arith_want("div.rn.f32", 2, f(1.0f), f(3.0f)).w[0]) == 0x3eaaaaabu);
  REQUIRE(only(arith_want("div.rz.f32", 2, f(1.0f), f(3.0f)).w[0]) == 0x3eaaaaaau);
  REQUIRE(only(arith_want("sqrt.rn.f32", 1, f(2.0f)).w[0]) == 0x3fb504f3u);
  REQUIRE(only(arith_want("sqrt.rp.f32", 1, f(2.0f)).w[0]) == 0x3fb504f4u);
  REQUIRE(only(arith_want("rcp.rn.f32", 1, f(-0.0f)).w[0]) == f(-INFINITY));
  // .ftz: subnormal inputs and results become zeros of their sign
  REQUIRE(only(arith_want("add.ftz.f32", 2, nsub, f(-0.0f)).w[0]) == f(-0.0f));
  REQUIRE(only(arith_want("add.f32", 2, sub, f(0.0f)).w[0]) == sub);
  REQUIRE(only(arith_want("mul.ftz.f32", 2, f(0x1p-70f), f(-0x1p-70f)).w[0]) == f(-0.0f));
  {
    // just below the smallest normal, rounding up to it: flushed or not (before / after rounding)
    const Expect e = arith_want("mul.ftz.f32", 2, f(0x1.fffffep-64f),
                                f(0x1.000002p-63f) /* product 2^-126 (1 + 2^-47) */);
    REQUIRE(accepts(e, f(FLT_MIN)));
    const Expect t = arith_want("mul.rn.ftz.f32", 2, f(0x1.fffffcp-64f),
                                f(0x1p-63f)); // 2^-126 (1 - 2^-22): rounds to a subnormal
    REQUIRE(accepts(t, 0));
    REQUIRE_FALSE(accepts(t, f(FLT_MIN)));
  }
  // .sat: [0, 1], NaN -> +0, -0 either way
  REQUIRE(only(arith_want("add.sat.f32", 2, f(0.75f), f(0.5f)).w[0]) == f(1.0f));
  REQUIRE(only(arith_want("add.sat.f32", 2, f(-0.75f), f(0.5f)).w[0]) == f(0.0f));
  REQUIRE(only(arith_want("add.sat.f32", 2, nan, f(0.5f)).w[0]) == f(0.0f));
  REQUIRE(only(arith_want("add.sat.f32", 2, f(INFINITY), f(-INFINITY)).w[0]) == f(0.0f));
  REQUIRE(accepts(arith_want("add.sat.f32", 2, f(-0.0f), f(-0.0f)), f(-0.0f)));
  REQUIRE(accepts(arith_want("add.sat.f32", 2, f(-0.0f), f(-0.0f)), f(0.0f)));
  // min/max: min_num (one NaN: the other value), .NaN (any NaN: NaN), -0 < +0
  REQUIRE(only(arith_want("min.f32", 2, nan, f(2.0f)).w[0]) == f(2.0f));
  REQUIRE(arith_want("min.f32", 2, nan, nan).w[0].nan);
  REQUIRE(arith_want("min.NaN.f32", 2, nan, f(2.0f)).w[0].nan);
  REQUIRE(only(arith_want("min.f32", 2, f(0.0f), f(-0.0f)).w[0]) == f(-0.0f));
  REQUIRE(only(arith_want("max.f32", 2, f(-0.0f), f(0.0f)).w[0]) == f(0.0f));
  REQUIRE(only(arith_want("max.f32", 3, f(1.0f), nan, f(3.0f)).w[0]) == f(3.0f));
  REQUIRE(only(arith_want("min.ftz.f32", 2, nsub, f(0.0f)).w[0]) == f(-0.0f));
  REQUIRE(only(arith_want("min.f32", 2, nsub, f(0.0f)).w[0]) == nsub);
  // abs / neg: bits; .ftz flushes first
  REQUIRE(only(arith_want("abs.ftz.f32", 1, nsub).w[0]) == f(0.0f));
  REQUIRE(only(arith_want("neg.f32", 1, sub).w[0]) == nsub);
  REQUIRE(arith_want("abs.f32", 1, 0xffc01234u).w[0].nan);
  // approximate forms: the manual's special values exactly, the rest within the bound
  REQUIRE(only(arith_want("rcp.approx.f32", 1, f(-INFINITY)).w[0]) == f(-0.0f));
  REQUIRE(only(arith_want("ex2.approx.f32", 1, f(-INFINITY)).w[0]) == f(0.0f));
  REQUIRE(only(arith_want("lg2.approx.f32", 1, f(-0.0f)).w[0]) == f(-INFINITY));
  REQUIRE(arith_want("sqrt.approx.f32", 1, f(-1.0f)).w[0].nan);
  REQUIRE(only(arith_want("div.approx.f32", 2, f(1.0f), f(0x1p127f)).w[0]) ==
          f(0.0f)); // |b| > 2^126: zero
  REQUIRE(arith_want("div.approx.f32", 2, f(INFINITY), f(0x1p127f)).w[0].nan);
  {
    const Expect e = arith_want("ex2.approx.f32", 1, f(0.5f)); // 2 ulp around sqrt(2)
    REQUIRE(accepts(e, 0x3fb504f3u + 2));
    REQUIRE_FALSE(accepts(e, 0x3fb504f3u + 3));
    const Expect d = arith_want("div.approx.f32", 2, f(1.0f), f(3.0f));
    REQUIRE(accepts(d, 0x3eaaaaabu - 2));
    REQUIRE_FALSE(accepts(d, 0x3eaaaaabu - 3));
  }
}

TEST_CASE("packed half references work lane by lane", "[apply][reference]") {
  // add.rn.f16x2 {2, 1} + {2^-11, 2^-11}: high lane 2 + 2^-11 -> 2, low lane 1 + 2^-11 -> 1 (ties
  // to even)
  const Expect e = arith_want("add.rn.f16x2", 2, 0x40003c00u, 0x10001000u);
  REQUIRE(e.lanes == 2);
  REQUIRE(accepts(e, 0x40003c00u));
  REQUIRE_FALSE(accepts(e, 0x40003c01u));
  // fma.rn.relu.bf16x2: max(0, a * b + c) per lane; min.NaN.bf16x2: NaN in one lane only
  REQUIRE(accepts(arith_want("fma.rn.relu.bf16x2", 3, 0x3f80bf80u, 0x40004000u, 0x00000000u),
                  0x40000000u));
  const Expect m = arith_want("min.NaN.bf16x2", 2, 0x7fc03f80u, 0x3f804000u);
  REQUIRE(m.w[1].nan);
  REQUIRE(only(m.w[0]) == 0x3f80u);
  // .sat per lane, NaN -> +0
  REQUIRE(accepts(arith_want("add.sat.f16x2", 2, 0x7e004000u, 0x00003c00u), 0x00003c00u));
  // ex2.approx.f16x2: no bound for a subnormal result (2^-20 here), anything in [0, 2^-14]
  const Expect x = arith_want("ex2.approx.f16x2", 1, 0x3c00cd00u); // {1, -20}
  REQUIRE(accepts(x, 0x40000000u));
  REQUIRE(accepts(x, 0x40000010u));
  REQUIRE(accepts(x, 0x40000400u));
  REQUIRE_FALSE(accepts(x, 0x40000401u));
  REQUIRE_FALSE(accepts(x, 0x40008001u));
}

TEST_CASE("packed f32x2 references work lane by lane", "[apply][reference]") {
  const auto pair = [](float lo, float hi) { return f(lo) | (static_cast<u64>(f(hi)) << 32); };
  // add.rn.f32x2 {1, 2} + {2^-24, 2^-23}: low lane 1 (ties to even), high lane 2 + 2^-23 -> 2
  const Expect e = arith_want("add.rn.f32x2", 2, pair(1.0f, 2.0f), pair(0x1p-24f, 0x1p-23f));
  REQUIRE(e.lanes == 2);
  REQUIRE(e.lane_bits == 32);
  REQUIRE(accepts(e, pair(1.0f, 2.0f)));
  REQUIRE_FALSE(accepts(e, pair(1.0f, 2.0f) ^ (1ull << 32)));
  // the rounding applies to each lane: .rp rounds both up
  REQUIRE(accepts(arith_want("add.rp.f32x2", 2, pair(1.0f, 2.0f), pair(0x1p-24f, 0x1p-23f)),
                  pair(1.0f + 0x1p-23f, 2.0f + 0x1p-22f)));
  // fma.rz.ftz.f32x2: a subnormal lane input is zero
  REQUIRE(accepts(
      arith_want("fma.rz.ftz.f32x2", 3, pair(0x1p-130f, 3.0f), pair(2.0f, 2.0f), pair(0.0f, 1.0f)),
      pair(0.0f, 7.0f)));
}

TEST_CASE("64-bit elements are compared whole", "[apply][reference]") {
  const u64 v[3] = {0x123456789abcdef0ull, 0, 0};
  const Expect e = cvt::want_mov(v);
  REQUIRE(accepts(e, v[0]));
  REQUIRE_FALSE(accepts(e, v[0] ^ (1ull << 40)));
}

TEST_CASE("cvt references follow the PTX rules", "[apply][reference]") {
  // rounding and overflow of f32 -> f16 by mode
  REQUIRE(only(cvt_want("cvt.rn.f16.f32", f(65520.0f)).w[0]) ==
          0x7c00u); // the tie above 65504: inf
  REQUIRE(only(cvt_want("cvt.rz.f16.f32", f(70000.0f)).w[0]) == 0x7bffu);
  REQUIRE(only(cvt_want("cvt.rm.f16.f32", f(-70000.0f)).w[0]) == 0xfc00u);
  REQUIRE(only(cvt_want("cvt.rp.f16.f32", f(-70000.0f)).w[0]) == 0xfbffu);
  REQUIRE(only(cvt_want("cvt.rn.relu.f16.f32", f(-3.0f)).w[0]) == 0u);
  REQUIRE(cvt_want("cvt.rn.relu.bf16.f32", 0x7fc00000u).w[0].nan);
  // packing: the first source goes high (docs/design/ptx-facts.md, checked on an H200)
  REQUIRE(accepts(cvt_want("cvt.rn.f16x2.f32", f(1.0f), f(2.0f)), 0x3c004000u));
  REQUIRE(accepts(cvt_want("cvt.rn.bf16x2.f32", f(1.0f), f(2.0f)), 0x3f804000u));
  REQUIRE(accepts(cvt_want("cvt.rn.satfinite.e4m3x2.f32", f(1.0f), f(2.0f)), 0x3840u));
  REQUIRE(accepts(cvt_want("cvt.rn.satfinite.e5m2x2.f32", f(1.0f), f(2.0f)), 0x3c40u));
  REQUIRE(accepts(cvt_want("cvt.rn.f16x2.e4m3x2", 0x3840u), 0x3c004000u));
  REQUIRE(accepts(cvt_want("cvt.rn.satfinite.e4m3x2.f16x2", 0x3c004000u), 0x3840u));
  // satfinite: out of range and infinities to +-MAX_NORM, NaN stays NaN
  REQUIRE(accepts(cvt_want("cvt.rn.satfinite.e4m3x2.f32", f(1000.0f), f(-INFINITY)), 0x7efeu));
  REQUIRE(accepts(cvt_want("cvt.rn.satfinite.e5m2x2.f32", f(1e6f), f(0.0f)), 0x7b00u));
  REQUIRE(cvt_want("cvt.rn.satfinite.e4m3x2.f32", 0x7fc00000u, 0).w[1].nan);
  REQUIRE(accepts(cvt_want("cvt.rn.satfinite.relu.e4m3x2.f32", f(-2.0f), f(2.0f)), 0x0040u));
  // float -> integer: ties to even, clamping, NaN -> 0
  REQUIRE(only(cvt_want("cvt.rni.s32.f32", f(2.5f)).w[0]) == 2u);
  REQUIRE(only(cvt_want("cvt.rni.s32.f32", f(-3.5f)).w[0]) == static_cast<u32>(-4));
  REQUIRE(only(cvt_want("cvt.rzi.s32.f32", f(3e9f)).w[0]) == 0x7fffffffu);
  REQUIRE(only(cvt_want("cvt.rmi.u32.f32", f(-1.5f)).w[0]) == 0u);
  REQUIRE(only(cvt_want("cvt.rpi.s32.f32", 0x7fc00000u).w[0]) == 0u);
  REQUIRE(only(cvt_want("cvt.rni.sat.s8.f32", f(-300.0f)).w[0]) == 0x80u);
  REQUIRE(only(cvt_want("cvt.rzi.sat.u16.f32", f(70000.0f)).w[0]) == 0xffffu);
  // integer -> float by mode
  REQUIRE(only(cvt_want("cvt.rn.f32.u32", 0xffffffffu).w[0]) == f(0x1p32f));
  REQUIRE(only(cvt_want("cvt.rz.f32.u32", 0xffffffffu).w[0]) == 0x4f7fffffu);
  REQUIRE(only(cvt_want("cvt.rm.f32.s32", 0x80000001u).w[0]) == f(-0x1p31f) + 0u);
  REQUIRE(only(cvt_want("cvt.rz.f16.u32", 100000u).w[0]) == 0x7bffu);
  REQUIRE(only(cvt_want("cvt.rn.f16.s32", static_cast<u32>(-100000)).w[0]) == 0xfc00u);
  // widening is exact
  REQUIRE(only(cvt_want("cvt.f32.f16", 0x0001u).w[0]) == f(0x1p-24f));
  REQUIRE(only(cvt_want("cvt.f32.bf16", 0xc2f7u).w[0]) == 0xc2f70000u);
}
