// GPU test of the compare-and-select family (setp, set, selp, slct) and of
// predicate (bool) tensors, through tile::apply (label gpu). Each spelling is
// tested once at thread scope (4 elements a thread, 128 threads), bit for bit
// against a host reference of PTX's rules, on seeded random inputs with equal
// operands, extremes and, for floats, NaN, +-Inf, -0 and subnormals:
//   setp: every comparison of every type (b16 ... u64, f32 and .ftz, f64,
//         f16 and .ftz, bf16, f16x2 and .ftz, bf16x2), plain and with .and
//         and a second destination q (p|q); .or and .xor on s32, u32, f32,
//         f64 and f16x2; plain p|q on s32 and f32.
//   set:  every comparison of b32, s16, u64, f32 (and .ftz) and f64 into
//         .u32, .and into .f32 and .xor into .s32.
//   half-precision set (PTX ISA 9.7.8.1): every 7th row of rows/set_half.def
//         for each source type (283 of the 1960 spellings: every source type
//         with every destination type, BoolOp and .ftz; all of them would cost
//         about a minute of cicc per arch) once through the family's emitter
//         (the table-driven half_set_kernel, one kernel per source type, the
//         rows expanded from the row file on both sides), and set.lt.ftz.f16.f32,
//         set.gtu.and.u32.f16x2 and set.equ.or.s16.f16 (a scalar b) through tile::apply.
//   selp: every type; slct: every type with .s32, .f32 and .ftz.f32.
//   predicate logic: and/or/xor/not/mov .pred and lop3.{or,and}.b32 d|p,
//         each through tile::apply at thread scope, and chains of them at
//         warp and cta scope.
// A representative subset runs at warp and cta scope (other register
// layouts): setp, then tile::pred(mask) guarding a store and a selp.
// Every output is poisoned first (the destination registers start at a
// value the result never has everywhere: run twice, all true and all false).
// Prints one PASS/FAIL line per case and "N passed, M failed".
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "gpu_check.hpp"

#include <tirx/tile.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tirx;
using u64 = std::uint64_t;

constexpr int threads = 128, per = 4, n = threads * per;

// ---- types ------------------------------------------------------------------
enum Ty { b16, b32, b64, s16, s32, s64, u16, u32, u64t, f32, f64, f16, bf16, f16x2, bf16x2 };
constexpr int ty_bits[] = {16, 32, 64, 16, 32, 64, 16, 32, 64, 32, 64, 16, 16, 32, 32};

// comparison names in one order; each type group's list indexes it
constexpr const char* cmp_name[] = {"eq", "ne",  "lt",  "le",  "gt",  "ge",  "lo",  "ls",  "hi",
                                    "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
constexpr int cmps_bits[] = {0, 1};
constexpr int cmps_signed[] = {0, 1, 2, 3, 4, 5};
constexpr int cmps_unsigned[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
constexpr int cmps_float[] = {0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16, 17};

struct Group {
  const int* cmps;
  int count;
};
Group group_of(Ty t) {
  if (t <= b64)
    return {cmps_bits, 2};
  if (t <= s64)
    return {cmps_signed, 6};
  if (t <= u64t)
    return {cmps_unsigned, 10};
  return {cmps_float, 14};
}

// ---- host reference -----------------------------------------------------------
float half_to_float(std::uint16_t h, bool bf) {
  if (bf) {
    std::uint32_t u = std::uint32_t{h} << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  const int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  float v;
  if (e == 0)
    v = std::ldexp(static_cast<float>(m), -24);
  else if (e == 31)
    v = m ? NAN : INFINITY;
  else
    v = std::ldexp(static_cast<float>(m | 1024), e - 25);
  return s ? -v : v;
}
double float_of(Ty t, u64 bits, bool ftz, int half) {
  if (t == f32) {
    std::uint32_t u = static_cast<std::uint32_t>(bits);
    if (ftz && ((u >> 23) & 255) == 0)
      u &= 0x80000000u;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  if (t == f64) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  const std::uint16_t h = static_cast<std::uint16_t>(bits >> (16 * half));
  const bool bf = t == bf16 || t == bf16x2;
  std::uint16_t hv = h;
  if (ftz && !bf && ((h >> 10) & 31) == 0)
    hv = h & 0x8000;
  return half_to_float(hv, bf);
}
bool compare(Ty t, int op, u64 a, u64 b, bool ftz, int half = 0) {
  const u64 mask = ty_bits[t] == 64 ? ~u64{0} : (u64{1} << (t >= f16x2 ? 16 : ty_bits[t])) - 1;
  if (t >= f32) {
    const double x = float_of(t, a, ftz, half), y = float_of(t, b, ftz, half);
    const bool un = std::isnan(x) || std::isnan(y);
    switch (op) {
    case 0:
      return !un && x == y;
    case 1:
      return !un && x != y;
    case 2:
      return !un && x < y;
    case 3:
      return !un && x <= y;
    case 4:
      return !un && x > y;
    case 5:
      return !un && x >= y;
    case 10:
      return un || x == y;
    case 11:
      return un || x != y;
    case 12:
      return un || x < y;
    case 13:
      return un || x <= y;
    case 14:
      return un || x > y;
    case 15:
      return un || x >= y;
    case 16:
      return !un;
    default:
      return un;
    }
  }
  a &= mask, b &= mask;
  if (t >= s16 && t <= s64) {
    const int sh = 64 - ty_bits[t];
    const long long x = static_cast<long long>(a << sh) >> sh,
                    y = static_cast<long long>(b << sh) >> sh;
    const bool r[] = {x == y, x != y, x<y, x <= y, x> y, x >= y};
    return r[op];
  }
  const bool r[] = {a == b, a != b, a<b, a <= b, a> b, a >= b, a<b, a <= b, a> b, a >= b};
  return r[op];
}
bool boolop(int bop, bool x, bool c) {
  return bop == 0 ? x : bop == 1 ? (x && c) : bop == 2 ? (x || c) : (x != c);
}

// ---- inputs -------------------------------------------------------------------
u64 special(Ty t, std::mt19937_64& g) {
  const int k = static_cast<int>(g() % 8);
  if (t == f32) {
    const std::uint32_t v[] = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0x80000000u,
                               0u,          0x00000003u, 0x807fffffu, 0x3f800000u};
    return v[k];
  }
  if (t == f64) {
    const u64 v[] = {0x7ff8000000000000ull,
                     0x7ff0000000000000ull,
                     0xfff0000000000000ull,
                     0x8000000000000000ull,
                     0,
                     1,
                     0x800fffffffffffffull,
                     0x3ff0000000000000ull};
    return v[k];
  }
  if (t >= f16) {
    const bool bf = t == bf16 || t == bf16x2;
    const std::uint16_t hf[] = {0x7e00, 0x7c00, 0xfc00, 0x8000, 0, 0x0001, 0x83ff, 0x3c00};
    const std::uint16_t hb[] = {0x7fc0, 0x7f80, 0xff80, 0x8000, 0, 0x0001, 0x807f, 0x3f80};
    const u64 lo = bf ? hb[k] : hf[k], hi = bf ? hb[g() % 8] : hf[g() % 8];
    return t >= f16x2 ? lo | (hi << 16) : lo;
  }
  const int bits = ty_bits[t];
  const u64 top = u64{1} << (bits - 1);
  const u64 v[] = {0, 1, top, top - 1, top | 1, ~u64{0}, 2, top + 2};
  return v[k];
}
void make_inputs(Ty t, std::mt19937_64& g, std::vector<u64>& a, std::vector<u64>& b,
                 std::vector<unsigned char>& c) {
  a.resize(n), b.resize(n), c.resize(n);
  for (int i = 0; i < n; ++i) {
    const int k = static_cast<int>(g() % 6);
    a[i] = k < 2 ? special(t, g) : g();
    b[i] = k == 2 ? a[i] : k == 3 ? special(t, g) : g();
    if (t >= f16x2 && k == 4)
      b[i] = (a[i] & 0xffff) | (g() << 16); // low halves equal
    if (t == f32 && k == 5)                 // nearby floats
      b[i] = a[i] + (g() % 3);
    c[i] = static_cast<unsigned char>(g() & 1);
  }
}

// ---- device side --------------------------------------------------------------
template <int Bits> struct carrier_of;
template <> struct carrier_of<16> { using type = std::uint16_t; };
template <> struct carrier_of<32> { using type = std::uint32_t; };
template <> struct carrier_of<64> { using type = unsigned long long; };
template <Ty T> struct elem { using type = typename carrier_of<ty_bits[T]>::type; };
template <> struct elem<f32> { using type = float; };
template <> struct elem<f64> { using type = double; };
template <> struct elem<s16> { using type = std::int16_t; };
template <> struct elem<s32> { using type = int; };
template <> struct elem<s64> { using type = long long; };
template <Ty T> using elem_t = typename elem<T>::type;

constexpr TileLayout thread_regs = row_major(shape(per));

// the spellings of a type group, one `if (which == k)` each
// clang-format off
#define CB(X, T) X(0, "eq", T) X(1, "ne", T)
#define CS(X, T) CB(X, T) X(2, "lt", T) X(3, "le", T) X(4, "gt", T) X(5, "ge", T)
#define CU(X, T) CS(X, T) X(6, "lo", T) X(7, "ls", T) X(8, "hi", T) X(9, "hs", T)
#define CF(X, T)                                                                                   \
  CS(X, T)                                                                                         \
  X(6, "equ", T) X(7, "neu", T) X(8, "ltu", T) X(9, "leu", T) X(10, "gtu", T) X(11, "geu", T)      \
      X(12, "num", T) X(13, "nan", T)

// variants: 0 p = a op b (10: p|q, for the packed pairs); 1 .and with c and
// q (11: without q, for f16/bf16); 2 .or with c (12: and q); 3 .xor with c
// and q; 4 plain p|q; 5 set .u32 (which 0..), .and.f32 (100..), .xor.s32
// (200..). Every spelling goes through the family's emitter directly, one
// element at a time (the instruction apply issues, without apply's
// per-spelling cost); the engine cases below run a subset through apply.
#define EM(SP, NS, D, C) F::template emit<SP, NS>(D, qd, x, y, C)
#define V0(K, CMP, T)                                                                              \
  if (which == K)                                                                                  \
    EM("setp." CMP T, 2, pd, cc);
#define V0Q(K, CMP, T)                                                                             \
  if (which == K)                                                                                  \
    EM("setp." CMP T, 3, pd, 0u);
#define V1(K, CMP, T)                                                                              \
  if (which == K)                                                                                  \
    EM("setp." CMP ".and" T, 4, pd, cc);
#define V1P(K, CMP, T)                                                                             \
  if (which == K)                                                                                  \
    EM("setp." CMP ".and" T, 3, pd, cc);
#define V2(K, CMP, T)                                                                              \
  if (which == K)                                                                                  \
    EM("setp." CMP ".or" T, 3, pd, cc);
#define V2Q(K, CMP, T)                                                                             \
  if (which == K)                                                                                  \
    EM("setp." CMP ".or" T, 4, pd, cc);
#define V3(K, CMP, T)                                                                              \
  if (which == K)                                                                                  \
    EM("setp." CMP ".xor" T, 4, pd, cc);
#define S0(K, CMP, T)                                                                              \
  if (which == K)                                                                                  \
    EM("set." CMP ".u32" T, 2, du, cc);
#define S1(K, CMP, T)                                                                              \
  if (which == K + 100)                                                                            \
    EM("set." CMP ".and.f32" T, 3, df, cc);
#define S2(K, CMP, T)                                                                              \
  if (which == K + 200)                                                                            \
    EM("set." CMP ".xor.s32" T, 3, ds, cc);
// set puts .ftz before the destination type: T holds both
#define S0F(K, CMP, T)                                                                             \
  if (which == K)                                                                                  \
    EM("set." CMP T, 2, du, cc);
#define S1F(K, CMP, T)                                                                             \
  if (which == K + 100)                                                                            \
    EM("set." CMP ".and" T, 3, df, cc);
#define S2F(K, CMP, T)                                                                             \
  if (which == K + 200)                                                                            \
    EM("set." CMP ".xor" T, 3, ds, cc);
// clang-format on

/// The engine cases: one spelling of (G, V) through tile::apply at thread
/// scope on 4-element register tensors (Engine true: `which` is that
/// spelling's index in its group).
template <int G, int V, class E>
__device__ void engine_case(const E* ga, const E* gb, const unsigned char* gc, unsigned char* gp,
                            unsigned char* gq, unsigned* gd, int init) {
  auto a = alloc_local<E, shape(per), thread_regs>();
  auto b = alloc_local<E, shape(per), thread_regs>();
  auto c = alloc_local<bool, shape(per), thread_regs>();
  auto p = alloc_local<bool, shape(per), thread_regs>();
  auto q = alloc_local<bool, shape(per), thread_regs>();
  auto du = alloc_local<unsigned, shape(per), thread_regs>();
  auto df = alloc_local<float, shape(per), thread_regs>();
  const int t = static_cast<int>(threadIdx.x);
  for (int j = 0; j < per; ++j) {
    a(j) = ga[t * per + j], b(j) = gb[t * per + j], c(j) = gc[t * per + j] != 0;
    p(j) = q(j) = init != 0;
    du(j) = 0x5a5a5a5au, df(j) = 3.0f;
  }
  if constexpr (G == 4 && V == 0)
    tile::apply<ptx<"setp.lt.s32">>(p, a, b, scope::thread);
  if constexpr (G == 10 && V == 4)
    tile::apply<ptx<"setp.ltu.ftz.f32">>(p, q, a, b, scope::thread);
  if constexpr (G == 11 && V == 1)
    tile::apply<ptx<"setp.gt.and.f64">>(p, q, a, b, c, scope::thread);
  if constexpr (G == 15 && V == 3)
    tile::apply<ptx<"setp.ne.xor.f16x2">>(p, q, a, b, c, scope::thread);
  if constexpr (G == 3 && V == 5)
    tile::apply<ptx<"set.le.u32.s16">>(du, a, b, scope::thread);
  if constexpr (G == 9 && V == 6)
    tile::apply<ptx<"set.gtu.and.f32.f32">>(df, a, b, c, scope::thread);
  for (int j = 0; j < per; ++j) {
    gp[t * per + j] = p(j) ? 1 : 0;
    gq[t * per + j] = q(j) ? 1 : 0;
    gd[t * per + j] = V == 6 ? __float_as_uint(df(j)) : du(j);
  }
}

/// One case of group G (a type and .ftz) in variant V: a, b, c in; p, q
/// (setp) or d (set, as raw 32 bits) out; init: the destinations' poison.
template <int G, int V, bool Engine, class E>
__global__ void cmp_kernel(const E* ga, const E* gb, const unsigned char* gc, unsigned char* gp,
                           unsigned char* gq, unsigned* gd, int which, int init) {
  if constexpr (Engine) {
    engine_case<G, V>(ga, gb, gc, gp, gq, gd, init);
  } else {
    using F = ptxcmp::family;
    const int t = static_cast<int>(threadIdx.x);
    for (int j = 0; j < per; ++j) {
      const E x = ga[t * per + j], y = gb[t * per + j];
      const unsigned cc = gc[t * per + j];
      unsigned pd = init ? 1u : 0u, qd = pd, du = init ? 0x5a5a5a5au : 0x12345678u;
      float df = init ? 3.0f : -7.0f;
      int ds = init ? 0x1234 : -99;
      (void)cc;
#define GROUP(ID, LIST, T)                                                                         \
  if constexpr (G == ID) {                                                                         \
    if constexpr (V == 0) {                                                                        \
      LIST(V0, T)                                                                                  \
    }                                                                                              \
    if constexpr (V == 10) {                                                                       \
      LIST(V0Q, T)                                                                                 \
    }                                                                                              \
    if constexpr (V == 1) {                                                                        \
      LIST(V1, T)                                                                                  \
    }                                                                                              \
    if constexpr (V == 11) {                                                                       \
      LIST(V1P, T)                                                                                 \
    }                                                                                              \
    if constexpr (V == 2) {                                                                        \
      LIST(V2, T)                                                                                  \
    }                                                                                              \
    if constexpr (V == 12) {                                                                       \
      LIST(V2Q, T)                                                                                 \
    }                                                                                              \
    if constexpr (V == 3) {                                                                        \
      LIST(V3, T)                                                                                  \
    }                                                                                              \
    if constexpr (V == 4) {                                                                        \
      LIST(V0Q, T)                                                                                 \
    }                                                                                              \
    if constexpr (V == 5 && ID != 10) {                                                            \
      LIST(S0, T) LIST(S1, T) LIST(S2, T)                                                          \
    }                                                                                              \
  }
      // clang-format off
      GROUP(0, CB, ".b16") GROUP(1, CB, ".b32") GROUP(2, CB, ".b64") GROUP(3, CS, ".s16")
      GROUP(4, CS, ".s32") GROUP(5, CS, ".s64") GROUP(6, CU, ".u16") GROUP(7, CU, ".u32")
      GROUP(8, CU, ".u64") GROUP(9, CF, ".f32") GROUP(10, CF, ".ftz.f32") GROUP(11, CF, ".f64")
      GROUP(12, CF, ".f16") GROUP(13, CF, ".ftz.f16") GROUP(15, CF, ".f16x2")
      GROUP(16, CF, ".ftz.f16x2")
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
      GROUP(14, CF, ".bf16") GROUP(17, CF, ".bf16x2")
#endif
#undef GROUP
      if constexpr (G == 10 && V == 5) { // set puts .ftz before the destination type
        CF(S0F, ".ftz.u32.f32") CF(S1F, ".ftz.f32.f32") CF(S2F, ".ftz.s32.f32")
      } // clang-format on
      gp[t * per + j] = static_cast<unsigned char>(pd);
      gq[t * per + j] = static_cast<unsigned char>(qd);
      gd[t * per + j] = which >= 200   ? static_cast<unsigned>(ds)
                        : which >= 100 ? __float_as_uint(df)
                                       : du;
    }
  }
}

// ---- half-precision set ------------------------------------------------------------
// The source types of rows/set_half.def by Ty (the row file's TIRX_CMP_TYPE order).
constexpr Ty half_set_types[] = {b16, b32, b64, u16, u32,  u64t,  s16,   s32,
                                 s64, f32, f64, f16, bf16, f16x2, bf16x2};
TIRX_HD constexpr bool same_name(const char* a, const char* b) {
  int i = 0;
  while (a[i] != '\0' && a[i] == b[i])
    ++i;
  return a[i] == b[i];
}
/// The index in half_set_types of source type T (".f16x2").
TIRX_HD constexpr int half_set_index(const char* t) {
  const char* names[] = {".b16", ".b32", ".b64", ".u16", ".u32",  ".u64",   ".s16",   ".s32",
                         ".s64", ".f32", ".f64", ".f16", ".bf16", ".f16x2", ".bf16x2"};
  for (int i = 0; i < 15; ++i)
    if (same_name(t, names[i]))
      return i;
  return -1;
}
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
constexpr bool half_set_sm90 = false; // the sm_90 rows compile out (and are skipped at run time)
#else
constexpr bool half_set_sm90 = true;
#endif

/// The rows tested: every half_set_stride-th row of each source type (7 is
/// prime to the 4 BoolOp variants, .ftz and the destination types, so every
/// destination type of every source type, every BoolOp and .ftz come up):
/// all 1960 through the emitter would cost about a minute of cicc per arch.
constexpr int half_set_stride = 7;

/// One half-precision set spelling through the family's emitter: d (16 or 32
/// bits, dtype's width) from x, y and the bool c; d starts poisoned.
template <fixed_string SP, int NS, class E>
__device__ unsigned half_set_one(const E& x, const E& y, unsigned c, int init) {
  constexpr ptxdesc::Tokens t = ptxdesc::tokenize(text_view{SP.chars, SP.size()});
  unsigned q = 0;
  if constexpr (ptxdesc::type_bits(t, t.n - 2) == 16) {
    unsigned short d = init ? 0x5a5au : 0xa5a5u;
    ptxcmp::family::emit<SP, NS>(d, q, x, y, c);
    return d;
  } else {
    unsigned d = init ? 0x5a5a5a5au : 0x12345678u;
    ptxcmp::family::emit<SP, NS>(d, q, x, y, c);
    return d;
  }
}

/// Every half-precision set spelling with source type half_set_types[G]
/// (which: the row's index among them, in the row file's order), one element
/// a thread (n threads).
template <int G, class E>
__global__ void half_set_kernel(const E* ga, const E* gb, const unsigned char* gc, unsigned* gd,
                                int which, int init) {
  const int i = static_cast<int>(threadIdx.x);
  const E x = ga[i], y = gb[i];
  const unsigned cc = gc[i];
  unsigned d = 0;
  (void)x, (void)y, (void)cc; // the sm_90 types' rows compile out for older targets
#define TIRX_CMP_TYPE(T, CMPS, ROWS, C, SM, PTX, FTZ)                                              \
  if constexpr (half_set_index(T) == G) {                                                          \
    constexpr int base = __COUNTER__ + 1;                                                          \
    CMPS(ROWS, T, C, SM, PTX, FTZ)                                                                 \
  }
#define TIRX_CMP_ROW(SP, NSRC, NDST, K, SM, PTX, DC, C)                                            \
  {                                                                                                \
    constexpr int k = __COUNTER__ - base;                                                          \
    if constexpr (k % half_set_stride == 0 && (ptxdesc::SM == ptxdesc::sm_any || half_set_sm90))   \
      if (which == k)                                                                              \
        d = half_set_one<SP, NSRC>(x, y, cc, init);                                                \
  }
#include <tirx/ptx/rows/set_half.def>
  gd[i] = d;
}

/// Through tile::apply at thread scope: W 0 set.lt.ftz.f16.f32 (f32 sources,
/// 16-bit d), 1 set.gtu.and.u32.f16x2 (per-half 0xffff), 2 set.equ.or.s16.f16
/// with b a scalar (an unsigned 16-bit carrier of the f16 bits).
template <int W, class E>
__global__ void half_set_engine(const E* ga, const E* gb, const unsigned char* gc, unsigned* gd,
                                int init) {
  using D = cuda::std::conditional_t<W == 1, unsigned, unsigned short>;
  auto a = alloc_local<E, shape(per), thread_regs>();
  auto b = alloc_local<E, shape(per), thread_regs>();
  auto c = alloc_local<bool, shape(per), thread_regs>();
  auto d = alloc_local<D, shape(per), thread_regs>();
  const int t = static_cast<int>(threadIdx.x);
  for (int j = 0; j < per; ++j) {
    a(j) = ga[t * per + j], b(j) = gb[t * per + j], c(j) = gc[t * per + j] != 0;
    d(j) = static_cast<D>(init ? 0x5a5a5a5au : 0x12345678u);
  }
  if constexpr (W == 0)
    tile::apply<ptx<"set.lt.ftz.f16.f32">>(d, a, b, scope::thread);
  if constexpr (W == 1)
    tile::apply<ptx<"set.gtu.and.u32.f16x2">>(d, a, b, c, scope::thread);
  if constexpr (W == 2)
    tile::apply<ptx<"set.equ.or.s16.f16">>(d, a, gb[0], c, scope::thread);
  for (int j = 0; j < per; ++j)
    gd[t * per + j] = d(j);
}

// selp and slct: every type (which: the row), d = c ? a : b, d = c >= 0 ? a : b
// clang-format off
#define SEL_TYPES(X)                                                                               \
  X(0, ".b16", std::uint16_t)                                                                      \
  X(1, ".b32", std::uint32_t)                                                                      \
  X(2, ".b64", unsigned long long)                                                                 \
  X(3, ".u16", std::uint16_t)                                                                      \
  X(4, ".u32", std::uint32_t)                                                                      \
  X(5, ".u64", unsigned long long) X(6, ".s16", std::int16_t) X(7, ".s32", int)                    \
      X(8, ".s64", long long) X(9, ".f32", float) X(10, ".f64", double)
// clang-format on
template <class E>
__global__ void sel_kernel(const E* ga, const E* gb, const unsigned char* gc, const int* gi,
                           const float* gf, E* gd, int which, int init) {
  auto a = alloc_local<E, shape(per), thread_regs>();
  auto b = alloc_local<E, shape(per), thread_regs>();
  auto d = alloc_local<E, shape(per), thread_regs>();
  auto c = alloc_local<bool, shape(per), thread_regs>();
  auto ci = alloc_local<int, shape(per), thread_regs>();
  auto cf = alloc_local<float, shape(per), thread_regs>();
  const int t = static_cast<int>(threadIdx.x);
  for (int j = 0; j < per; ++j) {
    a(j) = ga[t * per + j], b(j) = gb[t * per + j], c(j) = gc[t * per + j] != 0;
    ci(j) = gi[t * per + j], cf(j) = gf[t * per + j];
    d(j) = init ? a(j) : b(j);
  }
#define SEL(K, T, E2)                                                                              \
  if constexpr (cuda::std::is_same_v<E, E2>) {                                                     \
    if (which == K)                                                                                \
      tile::apply<ptx<"selp" T>>(d, a, b, c, scope::thread);                                       \
    for (int j = 0; j < per; ++j) {                                                                \
      unsigned q = 0;                                                                              \
      if (which == K + 100)                                                                        \
        ptxcmp::family::emit<"slct" T ".s32", 3>(d(j), q, a(j), b(j), ci(j));                      \
      if (which == K + 200)                                                                        \
        ptxcmp::family::emit<"slct" T ".f32", 3>(d(j), q, a(j), b(j), cf(j));                      \
      if (which == K + 300)                                                                        \
        ptxcmp::family::emit<"slct.ftz" T ".f32", 3>(d(j), q, a(j), b(j), cf(j));                  \
    }                                                                                              \
  }
  SEL_TYPES(SEL)
#undef SEL
  for (int j = 0; j < per; ++j)
    gd[t * per + j] = d(j);
}

// warp and cta scope: setp over the (group, repeat) modes, then tile::pred(mask)
// guarding a vector store of the values whose key passed, and a selp
// [snippet:setp_pred_store]
/// Stores the rows of x whose key is below the limit: mask = key < limit
/// (one bool per row of the thread), then one st.global.v4 per row, guarded.
__global__ void store_below(GlobalTensor<int, ShapeT<32, 8>> keys,
                            GlobalTensor<float, ShapeT<32, 8, 4>, 16> x,
                            GlobalTensor<float, ShapeT<32, 8, 4>, 16> out, int limit) {
  constexpr TileLayout rows = layout_of<"S[(32, 8) : (1@laneid, 1)]">;
  constexpr TileLayout vals = layout_of<"S[(32, 8, 4) : (1@laneid, 4, 1)]">;
  auto k = alloc_local<int, shape(32, 8), rows>();
  auto mask = alloc_local<bool, shape(32, 8), rows>();
  auto v = alloc_local<float, shape(32, 8, 4), vals>();
  tile::apply<ptx<"ld.global.b32">>(k, keys, scope::warp);
  tile::apply<ptx<"ld.global.v4.b32">>(v, x, scope::warp);
  tile::apply<ptx<"setp.lt.s32">>(mask, k, limit, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out, v, scope::warp, tile::pred(mask));
}
// [/snippet]

// [snippet:compare_select]
/// cta scope (4 warps, 2 registers a lane): p = a < b (u32), d = p ? a : b
/// (selp), then d = 0xffffffff where a == b (a mov guarded by tile::pred(e)).
__global__ void cta_kernel(GlobalTensor<unsigned, ShapeT<4, 32, 2>> ga,
                           GlobalTensor<unsigned, ShapeT<4, 32, 2>> gb,
                           GlobalTensor<unsigned, ShapeT<4, 32, 2>> gd) {
  constexpr TileLayout regs = layout_of<"S[(4, 32, 2) : (1@warpid, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto b = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto d = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto p = alloc_local<bool, shape(4, 32, 2), regs>();
  auto e = alloc_local<bool, shape(4, 32, 2), regs>();
  tile::apply<ptx<"ld.global.b32">>(a, ga, scope::cta);
  tile::apply<ptx<"ld.global.b32">>(b, gb, scope::cta);
  tile::apply<ptx<"setp.lo.u32">>(p, a, b, scope::cta);
  tile::apply<ptx<"setp.eq.u32">>(e, a, b, scope::cta);
  tile::apply<ptx<"selp.b32">>(d, a, b, p, scope::cta);
  tile::apply<ptx<"mov.b32">>(d, 0xffffffffu, scope::cta, tile::pred(e));
  tile::apply<ptx<"st.global.b32">>(gd, d, scope::cta);
}
// [/snippet]

// ---- predicate logic: {and|or|xor|not|mov}.pred, lop3.{or|and}.b32 d|p ------------
// every spelling once through tile::apply at thread scope (W: the spelling;
// 7: lop3.and.b32 guarded by tile::pred(a)); lop3's q is b. The LUTs: lop3.or a ^ b ^ c (0x96),
// lop3.and a & b & c (0x80).
template <int W>
__global__ void plogic_kernel(const unsigned char* ga, const unsigned char* gb, const unsigned* gx,
                              const unsigned* gy, const unsigned* gz, unsigned char* gp,
                              unsigned* gd, int init) {
  auto a = alloc_local<bool, shape(per), thread_regs>();
  auto b = alloc_local<bool, shape(per), thread_regs>();
  auto p = alloc_local<bool, shape(per), thread_regs>();
  auto x = alloc_local<unsigned, shape(per), thread_regs>();
  auto y = alloc_local<unsigned, shape(per), thread_regs>();
  auto z = alloc_local<unsigned, shape(per), thread_regs>();
  auto d = alloc_local<unsigned, shape(per), thread_regs>();
  const int t = static_cast<int>(threadIdx.x);
  for (int j = 0; j < per; ++j) {
    const int i = t * per + j;
    a(j) = ga[i] != 0, b(j) = gb[i] != 0, x(j) = gx[i], y(j) = gy[i], z(j) = gz[i];
    p(j) = init != 0, d(j) = init ? 0x5a5a5a5au : 0xa5a5a5a5u;
  }
  if constexpr (W == 0)
    tile::apply<ptx<"and.pred">>(p, a, b, scope::thread);
  if constexpr (W == 1)
    tile::apply<ptx<"or.pred">>(p, a, b, scope::thread);
  if constexpr (W == 2)
    tile::apply<ptx<"xor.pred">>(p, a, b, scope::thread);
  if constexpr (W == 3)
    tile::apply<ptx<"not.pred">>(p, a, scope::thread);
  if constexpr (W == 4)
    tile::apply<ptx<"mov.pred">>(p, a, scope::thread);
  if constexpr (W == 5)
    tile::apply<ptx<"lop3.or.b32">>(d, p, x, y, z, tile::imm<0x96>, b, scope::thread);
  if constexpr (W == 6)
    tile::apply<ptx<"lop3.and.b32">>(d, p, x, y, z, tile::imm<0x80>, b, scope::thread);
  if constexpr (W == 7) // guarded: where a is false, d and p keep their poison
    tile::apply<ptx<"lop3.and.b32">>(d, p, x, y, z, tile::imm<0x80>, b, scope::thread,
                                     tile::pred(a));
  for (int j = 0; j < per; ++j) {
    gp[t * per + j] = p(j) ? 1 : 0;
    gd[t * per + j] = d(j);
  }
}

// [snippet:pred_logic]
/// warp scope (8 registers a lane): d = a ^ b ^ c and p = (d != 0) || (a < b)
/// in one lop3.or.b32 d|p, then w = !p ? a : b.
__global__ void plogic_warp(GlobalTensor<unsigned, ShapeT<32, 8>> ga,
                            GlobalTensor<unsigned, ShapeT<32, 8>> gb,
                            GlobalTensor<unsigned, ShapeT<32, 8>> gc,
                            GlobalTensor<unsigned, ShapeT<32, 8>> gd,
                            GlobalTensor<unsigned, ShapeT<32, 8>> gw) {
  constexpr TileLayout rows = layout_of<"S[(32, 8) : (1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(32, 8), rows>();
  auto b = alloc_local<unsigned, shape(32, 8), rows>();
  auto c = alloc_local<unsigned, shape(32, 8), rows>();
  auto d = alloc_local<unsigned, shape(32, 8), rows>();
  auto w = alloc_local<unsigned, shape(32, 8), rows>();
  auto q = alloc_local<bool, shape(32, 8), rows>();
  auto p = alloc_local<bool, shape(32, 8), rows>();
  auto n = alloc_local<bool, shape(32, 8), rows>();
  tile::apply<ptx<"ld.global.b32">>(a, ga, scope::warp);
  tile::apply<ptx<"ld.global.b32">>(b, gb, scope::warp);
  tile::apply<ptx<"ld.global.b32">>(c, gc, scope::warp);
  tile::apply<ptx<"setp.lo.u32">>(q, a, b, scope::warp);
  tile::apply<ptx<"lop3.or.b32">>(d, p, a, b, c, tile::imm<0x96>, q, scope::warp);
  tile::apply<ptx<"not.pred">>(n, p, scope::warp);
  tile::apply<ptx<"selp.b32">>(w, a, b, n, scope::warp);
  tile::apply<ptx<"st.global.b32">>(gd, d, scope::warp);
  tile::apply<ptx<"st.global.b32">>(gw, w, scope::warp);
}
// [/snippet]

/// cta scope (4 warps, 2 registers a lane): d = a & b & c, p = (d != 0) && q
/// (q = a != 0), e = p xor true (a bool scalar), f = !e || (a < b) (mov,
/// not, or), w = f ? a : b.
__global__ void plogic_cta(GlobalTensor<unsigned, ShapeT<4, 32, 2>> ga,
                           GlobalTensor<unsigned, ShapeT<4, 32, 2>> gb,
                           GlobalTensor<unsigned, ShapeT<4, 32, 2>> gc,
                           GlobalTensor<unsigned, ShapeT<4, 32, 2>> gd,
                           GlobalTensor<unsigned, ShapeT<4, 32, 2>> gw) {
  constexpr TileLayout regs = layout_of<"S[(4, 32, 2) : (1@warpid, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto b = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto c = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto d = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto w = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto q = alloc_local<bool, shape(4, 32, 2), regs>();
  auto p = alloc_local<bool, shape(4, 32, 2), regs>();
  auto e = alloc_local<bool, shape(4, 32, 2), regs>();
  auto f = alloc_local<bool, shape(4, 32, 2), regs>();
  auto lt = alloc_local<bool, shape(4, 32, 2), regs>();
  tile::apply<ptx<"ld.global.b32">>(a, ga, scope::cta);
  tile::apply<ptx<"ld.global.b32">>(b, gb, scope::cta);
  tile::apply<ptx<"ld.global.b32">>(c, gc, scope::cta);
  tile::apply<ptx<"setp.ne.u32">>(q, a, 0u, scope::cta);
  tile::apply<ptx<"setp.lo.u32">>(lt, a, b, scope::cta);
  tile::apply<ptx<"lop3.and.b32">>(d, p, a, b, c, tile::imm<0x80>, q, scope::cta);
  tile::apply<ptx<"xor.pred">>(e, p, true, scope::cta);
  tile::apply<ptx<"not.pred">>(f, e, scope::cta);
  tile::apply<ptx<"mov.pred">>(e, f, scope::cta);
  tile::apply<ptx<"or.pred">>(f, e, lt, scope::cta);
  tile::apply<ptx<"selp.b32">>(w, a, b, f, scope::cta);
  tile::apply<ptx<"st.global.b32">>(gd, d, scope::cta);
  tile::apply<ptx<"st.global.b32">>(gw, w, scope::cta);
}

int passed = 0, failed = 0;
void report(bool ok, const char* what, const char* detail = "") {
  std::printf("%s %s%s\n", ok ? "PASS" : "FAIL", what, detail);
  (ok ? passed : failed) += 1;
}

template <class E> std::vector<E> as(const std::vector<u64>& v) {
  std::vector<E> r(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    std::memcpy(&r[i], &v[i], sizeof(E));
  return r;
}
template <class T> T* dev(const std::vector<T>& h) {
  T* d = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(T) + 16));
  TIRX_CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> std::vector<T> host(const T* d, std::size_t count) {
  std::vector<T> h(count);
  TIRX_CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

const char* bool_name[] = {"", ".and", ".or", ".xor"};
const char* ty_name[] = {".b16", ".b32", ".b64", ".s16", ".s32",  ".s64",   ".u16",   ".u32",
                         ".u64", ".f32", ".f64", ".f16", ".bf16", ".f16x2", ".bf16x2"};

/// group id -> type and ftz (the kernel's GROUP list)
struct GroupInfo {
  Ty t;
  bool ftz;
};
constexpr GroupInfo groups[] = {
    {b16, false}, {b32, false}, {b64, false},  {s16, false},   {s32, false},  {s64, false},
    {u16, false}, {u32, false}, {u64t, false}, {f32, false},   {f32, true},   {f64, false},
    {f16, false}, {f16, true},  {bf16, false}, {f16x2, false}, {f16x2, true}, {bf16x2, false}};

/// Runs group G in variant V over every comparison of its type; bop: the
/// BoolOp, with_q: q written.
template <int G, int V, bool Engine = false>
void run_setp(std::mt19937_64& g, int bop, bool with_q, bool packed, int only = -1) {
  const GroupInfo gi = groups[G];
  using E = elem_t<groups[G].t>;
  const Group grp = group_of(gi.t);
  std::vector<u64> a, b;
  std::vector<unsigned char> c;
  make_inputs(gi.t, g, a, b, c);
  const std::vector<E> ea = as<E>(a), eb = as<E>(b);
  E* da = dev(ea);
  E* db = dev(eb);
  unsigned char* dc = dev(c);
  unsigned char *dp = nullptr, *dq = nullptr;
  unsigned* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dp, n));
  TIRX_CHECK_CUDA(cudaMalloc(&dq, n));
  TIRX_CHECK_CUDA(cudaMalloc(&dd, n * 4));
  for (int k = 0; k < grp.count; ++k) {
    if (only >= 0 && k != only)
      continue;
    const int op = grp.cmps[k];
    bool ok = true;
    char first[160] = "";
    for (int init = 0; init < 2 && ok; ++init) {
      TIRX_CHECK_CUDA(cudaMemset(dp, 0xAA, n));
      TIRX_CHECK_CUDA(cudaMemset(dq, 0xAA, n));
      cmp_kernel<G, V, Engine, E><<<1, threads>>>(da, db, dc, dp, dq, dd, k, init);
      TIRX_CHECK_LAUNCH("cmp_kernel");
      const std::vector<unsigned char> hp = host(dp, n), hq = host(dq, n);
      for (int i = 0; i < n && ok; ++i) {
        bool x = compare(gi.t, op, a[i], b[i], gi.ftz, 0);
        bool p = boolop(bop, x, c[i] != 0);
        bool q = packed ? boolop(bop, compare(gi.t, op, a[i], b[i], gi.ftz, 1), c[i] != 0)
                        : boolop(bop, !x, c[i] != 0);
        const bool qq = with_q ? q : init != 0;
        if (hp[i] != (p ? 1 : 0) || hq[i] != (qq ? 1 : 0)) {
          ok = false;
          std::snprintf(first, sizeof first,
                        " (element %d: a=%llx b=%llx c=%d: p %d q %d, want %d %d)", i,
                        static_cast<unsigned long long>(a[i]),
                        static_cast<unsigned long long>(b[i]), c[i], hp[i], hq[i], p, qq);
        }
      }
    }
    char what[96];
    std::snprintf(what, sizeof what, "%ssetp.%s%s%s%s%s", Engine ? "apply: " : "", cmp_name[op],
                  bool_name[bop], gi.ftz ? ".ftz" : "", ty_name[gi.t], with_q ? " p|q" : "");
    report(ok, what, first);
  }
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dp), cudaFree(dq), cudaFree(dd);
}

/// set over every comparison of group G: .u32 plain, .and.f32, .xor.s32.
template <int G, int V = 5, int OnlyForm = -1, int OnlyK = -1> void run_set(std::mt19937_64& g) {
  const GroupInfo gi = groups[G];
  using E = elem_t<groups[G].t>;
  const Group grp = group_of(gi.t);
  std::vector<u64> a, b;
  std::vector<unsigned char> c;
  make_inputs(gi.t, g, a, b, c);
  E* da = dev(as<E>(a));
  E* db = dev(as<E>(b));
  unsigned char* dc = dev(c);
  unsigned char *dp = nullptr, *dq = nullptr;
  unsigned* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dp, n));
  TIRX_CHECK_CUDA(cudaMalloc(&dq, n));
  TIRX_CHECK_CUDA(cudaMalloc(&dd, n * 4));
  for (int form = 0; form < 3; ++form)
    for (int k = 0; k < grp.count; ++k) {
      if (OnlyForm >= 0 && (form != OnlyForm || k != OnlyK))
        continue;
      const int op = grp.cmps[k];
      bool ok = true;
      char first[160] = "";
      for (int init = 0; init < 2 && ok; ++init) {
        TIRX_CHECK_CUDA(cudaMemset(dd, 0xAA, n * 4));
        cmp_kernel<G, V, (OnlyForm >= 0), E>
            <<<1, threads>>>(da, db, dc, dp, dq, dd, k + 100 * form, init);
        TIRX_CHECK_LAUNCH("cmp_kernel (set)");
        const std::vector<unsigned> hd = host(dd, n);
        for (int i = 0; i < n && ok; ++i) {
          const bool x = compare(gi.t, op, a[i], b[i], gi.ftz, 0);
          const bool r = form == 0 ? x : form == 1 ? (x && c[i]) : (x != (c[i] != 0));
          const unsigned want = form == 1 ? (r ? 0x3f800000u : 0u) : (r ? 0xffffffffu : 0u);
          if (hd[i] != want) {
            ok = false;
            std::snprintf(first, sizeof first, " (element %d: a=%llx b=%llx c=%d: %x, want %x)", i,
                          static_cast<unsigned long long>(a[i]),
                          static_cast<unsigned long long>(b[i]), c[i], hd[i], want);
          }
        }
      }
      char what[96];
      std::snprintf(what, sizeof what, "set.%s%s%s%s", cmp_name[op],
                    form == 0   ? ""
                    : form == 1 ? ".and"
                                : ".xor",
                    gi.ftz ? ".ftz" : "",
                    form == 0   ? ".u32"
                    : form == 1 ? ".f32"
                                : ".s32");
      report(ok, ((OnlyForm >= 0 ? "apply: " : "") + std::string(what) + ty_name[gi.t]).c_str(),
             first);
    }
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dp), cudaFree(dq), cudaFree(dd);
}

// ---- half-precision set: host side ----------------------------------------------
struct HalfRow {
  const char* sp;
  int nsrc;
  bool sm90;
};
/// Every row of rows/set_half.def, in order.
const HalfRow half_set_rows[] = {
#define TIRX_CMP_ROW(SP, NSRC, NDST, K, SM, PTX, DC, C) {SP, NSRC, ptxdesc::SM != ptxdesc::sm_any},
#include <tirx/ptx/rows/set_half.def>
};
/// The rows with source type half_set_types[g] (their last token), in order.
std::vector<HalfRow> half_rows(int g) {
  std::vector<HalfRow> v;
  const std::string tail = ty_name[half_set_types[g]];
  for (const HalfRow& r : half_set_rows) {
    const std::string sp = r.sp;
    if (sp.size() > tail.size() && sp.compare(sp.size() - tail.size(), tail.size(), tail) == 0)
      v.push_back(r);
  }
  return v;
}
/// The parts of a set spelling: comparison (cmp_name index), BoolOp (0 none,
/// 1 and, 2 or, 3 xor), .ftz, destination type.
struct HalfParts {
  int op = -1, bop = 0;
  bool ftz = false;
  std::string dtype;
};
HalfParts half_parts(const std::string& sp) {
  std::vector<std::string> tok;
  std::size_t b = 0;
  for (std::size_t i = 0; i <= sp.size(); ++i)
    if (i == sp.size() || sp[i] == '.') {
      tok.push_back(sp.substr(b, i - b));
      b = i + 1;
    }
  HalfParts p;
  for (int k = 0; k < 18; ++k)
    if (tok[1] == cmp_name[k])
      p.op = k;
  for (std::size_t k = 2; k + 2 < tok.size(); ++k) {
    p.bop = tok[k] == "and" ? 1 : tok[k] == "or" ? 2 : tok[k] == "xor" ? 3 : p.bop;
    p.ftz = p.ftz || tok[k] == "ftz";
  }
  p.dtype = tok[tok.size() - 2];
  return p;
}
/// PTX's result: 1.0 in .f16/.bf16 (0x3c00, 0x3f80), 0xffff in .u16/.s16,
/// 0xffffffff in .u32/.s32; a packed source per 16-bit half (1.0 in its own
/// type, 0xffff in .u32/.s32); 0 where false.
unsigned half_want(Ty t, const HalfParts& p, u64 a, u64 b, bool c) {
  const auto one = [&](bool r, bool half16) -> unsigned {
    if (!r)
      return 0;
    if (p.dtype == "f16" || p.dtype == "f16x2")
      return 0x3c00u;
    if (p.dtype == "bf16" || p.dtype == "bf16x2")
      return 0x3f80u;
    return half16 || p.dtype == "u16" || p.dtype == "s16" ? 0xffffu : 0xffffffffu;
  };
  if (t >= f16x2) {
    const bool lo = boolop(p.bop, compare(t, p.op, a, b, p.ftz, 0), c);
    const bool hi = boolop(p.bop, compare(t, p.op, a, b, p.ftz, 1), c);
    return one(lo, true) | (one(hi, true) << 16);
  }
  return one(boolop(p.bop, compare(t, p.op, a, b, p.ftz, 0), c), false);
}

/// The tested half-precision set spellings of source type half_set_types[G]
/// (every half_set_stride-th row): one PASS/FAIL line.
template <int G> void run_half_set(std::mt19937_64& g, int major) {
  constexpr Ty t = half_set_types[G];
  using E = elem_t<t>;
  std::vector<u64> a, b;
  std::vector<unsigned char> c;
  make_inputs(t, g, a, b, c);
  E* da = dev(as<E>(a));
  E* db = dev(as<E>(b));
  unsigned char* dc = dev(c);
  unsigned* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dd, n * 4));
  const std::vector<HalfRow> rows = half_rows(G);
  int count = 0;
  bool ok = true;
  char first[200] = "";
  for (int r = 0; r < static_cast<int>(rows.size()); r += half_set_stride) {
    if (rows[r].sm90 && major < 9)
      continue;
    const HalfParts p = half_parts(rows[r].sp);
    ++count;
    for (int init = 0; init < 2 && ok; ++init) {
      TIRX_CHECK_CUDA(cudaMemset(dd, 0xAA, n * 4));
      half_set_kernel<G, E><<<1, n>>>(da, db, dc, dd, r, init);
      TIRX_CHECK_LAUNCH("half_set_kernel");
      const std::vector<unsigned> hd = host(dd, n);
      for (int i = 0; i < n && ok; ++i) {
        const unsigned want = half_want(t, p, a[i], b[i], rows[r].nsrc == 3 && c[i] != 0);
        if (hd[i] != want) {
          ok = false;
          std::snprintf(first, sizeof first,
                        " (%s, element %d: a=%llx b=%llx c=%d: %x, want %x, init %d)", rows[r].sp,
                        i, static_cast<unsigned long long>(a[i]),
                        static_cast<unsigned long long>(b[i]), c[i], hd[i], want, init);
        }
      }
    }
  }
  if (count == 0)
    std::printf("SKIP set (half precision) from %s sources (sm_90)\n", ty_name[t]);
  else
    report(ok,
           ("set (half precision) from " + std::string(ty_name[t]) + " sources: " +
            std::to_string(count) + " of " + std::to_string(rows.size()) + " spellings")
               .c_str(),
           first);
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dd);
}

/// half_set_engine<W>: W 0 set.lt.ftz.f16.f32, 1 set.gtu.and.u32.f16x2, 2
/// set.equ.or.s16.f16 (b the scalar b[0]).
template <int W> void run_half_set_engine(std::mt19937_64& g) {
  constexpr Ty t = W == 0 ? f32 : W == 1 ? f16x2 : f16;
  using E = elem_t<t>;
  static const char* names[] = {"set.lt.ftz.f16.f32", "set.gtu.and.u32.f16x2",
                                "set.equ.or.s16.f16 (b a scalar)"};
  std::vector<u64> a, b;
  std::vector<unsigned char> c;
  make_inputs(t, g, a, b, c);
  if (W == 2)
    b[0] = 0x3c00; // the scalar b: 1.0 (make_inputs also gives a few a == 1.0)
  E* da = dev(as<E>(a));
  E* db = dev(as<E>(b));
  unsigned char* dc = dev(c);
  unsigned* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dd, n * 4));
  const HalfParts p = half_parts(W == 0   ? "set.lt.ftz.f16.f32"
                                 : W == 1 ? "set.gtu.and.u32.f16x2"
                                          : "set.equ.or.s16.f16");
  bool ok = true;
  char first[200] = "";
  for (int init = 0; init < 2 && ok; ++init) {
    TIRX_CHECK_CUDA(cudaMemset(dd, 0xAA, n * 4));
    half_set_engine<W, E><<<1, threads>>>(da, db, dc, dd, init);
    TIRX_CHECK_LAUNCH("half_set_engine");
    const std::vector<unsigned> hd = host(dd, n);
    for (int i = 0; i < n && ok; ++i) {
      const u64 bi = W == 2 ? b[0] : b[i];
      const unsigned want = half_want(t, p, a[i], bi, W != 0 && c[i] != 0);
      if (hd[i] != want) {
        ok = false;
        std::snprintf(first, sizeof first, " (element %d: a=%llx b=%llx c=%d: %x, want %x)", i,
                      static_cast<unsigned long long>(a[i]), static_cast<unsigned long long>(bi),
                      c[i], hd[i], want);
      }
    }
  }
  report(ok, (std::string("apply: ") + names[W]).c_str(), first);
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dd);
}

/// selp and slct of one type (row K of SEL_TYPES, type t).
template <class E> void run_sel(std::mt19937_64& g, int k, Ty t, const char* name) {
  std::vector<u64> a, b;
  std::vector<unsigned char> c;
  make_inputs(t, g, a, b, c);
  std::vector<u64> fi, ff;
  std::vector<unsigned char> unused;
  make_inputs(s32, g, fi, ff, unused);
  std::vector<u64> fa, fb;
  make_inputs(f32, g, fa, fb, unused);
  const std::vector<int> ci = as<int>(fi);
  const std::vector<float> cf = as<float>(fa);
  E* da = dev(as<E>(a));
  E* db = dev(as<E>(b));
  unsigned char* dc = dev(c);
  int* dci = dev(ci);
  float* dcf = dev(cf);
  E* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dd, n * sizeof(E)));
  const std::vector<E> ea = as<E>(a), eb = as<E>(b);
  for (int form = 0; form < 4; ++form) {
    bool ok = true;
    char first[160] = "";
    for (int init = 0; init < 2 && ok; ++init) {
      TIRX_CHECK_CUDA(cudaMemset(dd, 0xAA, n * sizeof(E)));
      sel_kernel<E><<<1, threads>>>(da, db, dc, dci, dcf, dd, k + 100 * form, init);
      TIRX_CHECK_LAUNCH("sel_kernel");
      const std::vector<E> hd = host(dd, n);
      for (int i = 0; i < n && ok; ++i) {
        bool pick_a;
        if (form == 0) {
          pick_a = c[i] != 0;
        } else if (form == 1) {
          pick_a = ci[i] >= 0;
        } else {
          const double x = float_of(f32, fa[i], form == 3, 0);
          pick_a = !std::isnan(x) && x >= 0.0; // NaN selects b; -0 >= 0
        }
        const E want = pick_a ? ea[i] : eb[i];
        if (std::memcmp(&hd[i], &want, sizeof(E)) != 0) {
          ok = false;
          std::snprintf(first, sizeof first, " (element %d)", i);
        }
      }
    }
    const char* fn[] = {"selp", "slct", "slct", "slct.ftz"};
    const char* ct[] = {"", ".s32", ".f32", ".f32"};
    report(ok, (std::string(fn[form]) + name + ct[form]).c_str(), first);
  }
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dci), cudaFree(dcf), cudaFree(dd);
}

void run_store_below(std::mt19937_64& g) {
  std::vector<int> keys(32 * 8);
  std::vector<float> x(32 * 8 * 4);
  for (int& k : keys)
    k = static_cast<int>(g() % 200) - 100;
  for (float& v : x)
    v = static_cast<float>(g() % 1000);
  const int limit = 7;
  int* dk = dev(keys);
  float* dx = dev(x);
  float* dout = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dout, x.size() * 4));
  TIRX_CHECK_CUDA(cudaMemset(dout, 0xAA, x.size() * 4));
  store_below<<<1, 32>>>(GlobalTensor<int, ShapeT<32, 8>>{dk},
                         GlobalTensor<float, ShapeT<32, 8, 4>, 16>{dx},
                         GlobalTensor<float, ShapeT<32, 8, 4>, 16>{dout}, limit);
  TIRX_CHECK_LAUNCH("store_below");
  const std::vector<float> out = host(dout, x.size());
  bool ok = true;
  for (int r = 0; r < 32 * 8; ++r)
    for (int e = 0; e < 4; ++e) {
      float poison;
      const unsigned pb = 0xAAAAAAAAu;
      std::memcpy(&poison, &pb, 4);
      const float want = keys[r] < limit ? x[r * 4 + e] : poison;
      ok = ok && std::memcmp(&out[r * 4 + e], &want, 4) == 0;
    }
  report(ok, "warp: setp.lt.s32 -> tile::pred(mask) -> st.global.v4.b32");
  cudaFree(dk), cudaFree(dx), cudaFree(dout);
}

void run_cta(std::mt19937_64& g) {
  std::vector<u64> a64, b64;
  std::vector<unsigned char> c;
  make_inputs(u32, g, a64, b64, c);
  const std::vector<unsigned> a = as<unsigned>(a64), b = as<unsigned>(b64);
  unsigned* da = dev(a);
  unsigned* db = dev(b);
  unsigned* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dd, 256 * 4));
  TIRX_CHECK_CUDA(cudaMemset(dd, 0xAA, 256 * 4));
  using T = GlobalTensor<unsigned, ShapeT<4, 32, 2>>;
  cta_kernel<<<1, 128>>>(T{da}, T{db}, T{dd});
  TIRX_CHECK_LAUNCH("cta_kernel");
  const std::vector<unsigned> d = host(dd, 256);
  bool ok = true;
  for (int i = 0; i < 256; ++i)
    ok = ok && d[i] == (a[i] == b[i] ? 0xffffffffu : a[i] < b[i] ? a[i] : b[i]);
  report(ok, "cta: setp.lo.u32, setp.eq.u32, selp.b32, mov.b32 under tile::pred(e)");
  cudaFree(da), cudaFree(db), cudaFree(dd);
}

/// lop3's LUT applied bit by bit: bit i of the result is bit (a_i b_i c_i) of lut.
unsigned lop3_ref(unsigned a, unsigned b, unsigned c, int lut) {
  unsigned d = 0;
  for (int i = 0; i < 32; ++i) {
    const int k =
        static_cast<int>((((a >> i) & 1u) << 2) | (((b >> i) & 1u) << 1) | ((c >> i) & 1u));
    d |= static_cast<unsigned>((lut >> k) & 1) << i;
  }
  return d;
}
/// Three words per element where a fifth give a ^ b ^ c == 0, a fifth
/// a & b & c == 0, a fifth a == b and a fifth a == 0.
void make_words(std::mt19937_64& g, std::vector<unsigned>& a, std::vector<unsigned>& b,
                std::vector<unsigned>& c, int count) {
  a.resize(count), b.resize(count), c.resize(count);
  for (int i = 0; i < count; ++i) {
    a[i] = static_cast<unsigned>(g()), b[i] = static_cast<unsigned>(g());
    c[i] = static_cast<unsigned>(g());
    const int k = static_cast<int>(g() % 5);
    if (k == 0)
      c[i] = a[i] ^ b[i];
    if (k == 1)
      c[i] = ~a[i];
    if (k == 2)
      b[i] = a[i];
    if (k == 3)
      a[i] = 0;
  }
}

/// Every predicate-logic spelling once through apply at thread scope.
template <int W> void run_plogic(std::mt19937_64& g) {
  static const char* names[] = {
      "and.pred", "or.pred",     "xor.pred",     "not.pred",
      "mov.pred", "lop3.or.b32", "lop3.and.b32", "lop3.and.b32 under tile::pred(a)"};
  std::vector<unsigned char> pa(n), pb(n);
  for (int i = 0; i < n; ++i)
    pa[i] = static_cast<unsigned char>(g() & 1), pb[i] = static_cast<unsigned char>(g() & 1);
  std::vector<unsigned> x, y, z;
  make_words(g, x, y, z, n);
  unsigned char* da = dev(pa);
  unsigned char* db = dev(pb);
  unsigned* dx = dev(x);
  unsigned* dy = dev(y);
  unsigned* dz = dev(z);
  unsigned char* dp = nullptr;
  unsigned* dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dp, n));
  TIRX_CHECK_CUDA(cudaMalloc(&dd, n * 4));
  bool ok = true;
  char first[160] = "";
  for (int init = 0; init < 2 && ok; ++init) {
    TIRX_CHECK_CUDA(cudaMemset(dp, 0xAA, n));
    TIRX_CHECK_CUDA(cudaMemset(dd, 0xAA, n * 4));
    plogic_kernel<W><<<1, threads>>>(da, db, dx, dy, dz, dp, dd, init);
    TIRX_CHECK_LAUNCH("plogic_kernel");
    const std::vector<unsigned char> hp = host(dp, n);
    const std::vector<unsigned> hd = host(dd, n);
    for (int i = 0; i < n && ok; ++i) {
      const bool a = pa[i] != 0, b = pb[i] != 0;
      unsigned want_d = init ? 0x5a5a5a5au : 0xa5a5a5a5u;
      bool want_p = false;
      switch (W) {
      case 0:
        want_p = a && b;
        break;
      case 1:
        want_p = a || b;
        break;
      case 2:
        want_p = a != b;
        break;
      case 3:
        want_p = !a;
        break;
      case 4:
        want_p = a;
        break;
      case 5:
        want_d = lop3_ref(x[i], y[i], z[i], 0x96);
        want_p = want_d != 0 || b;
        break;
      default:
        if (W == 7 && !a) {
          want_p = init != 0;
          break;
        }
        want_d = lop3_ref(x[i], y[i], z[i], 0x80);
        want_p = want_d != 0 && b;
        break;
      }
      if (hp[i] != (want_p ? 1 : 0) || hd[i] != want_d) {
        ok = false;
        std::snprintf(first, sizeof first,
                      " (element %d: a=%d b=%d x=%x y=%x z=%x: p %d d %x, want %d %x)", i, a, b,
                      x[i], y[i], z[i], hp[i], hd[i], want_p, want_d);
      }
    }
  }
  report(ok, (std::string("apply: ") + names[W]).c_str(), first);
  cudaFree(da), cudaFree(db), cudaFree(dx), cudaFree(dy), cudaFree(dz), cudaFree(dp), cudaFree(dd);
}

/// The warp (32 x 8) and cta (4 x 32 x 2) chains of plogic_warp / plogic_cta.
template <bool Cta> void run_plogic_scope(std::mt19937_64& g) {
  constexpr int count = 256;
  std::vector<unsigned> a, b, c;
  make_words(g, a, b, c, count);
  unsigned* da = dev(a);
  unsigned* db = dev(b);
  unsigned* dc = dev(c);
  unsigned *dd = nullptr, *dw = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dd, count * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dw, count * 4));
  TIRX_CHECK_CUDA(cudaMemset(dd, 0xAA, count * 4));
  TIRX_CHECK_CUDA(cudaMemset(dw, 0xAA, count * 4));
  if constexpr (Cta) {
    using T = GlobalTensor<unsigned, ShapeT<4, 32, 2>>;
    plogic_cta<<<1, 128>>>(T{da}, T{db}, T{dc}, T{dd}, T{dw});
  } else {
    using T = GlobalTensor<unsigned, ShapeT<32, 8>>;
    plogic_warp<<<1, 32>>>(T{da}, T{db}, T{dc}, T{dd}, T{dw});
  }
  TIRX_CHECK_LAUNCH("plogic_scope");
  const std::vector<unsigned> hd = host(dd, count), hw = host(dw, count);
  bool ok = true;
  char first[160] = "";
  for (int i = 0; i < count && ok; ++i) {
    unsigned d, w;
    if (Cta) {
      d = a[i] & b[i] & c[i];
      const bool p = d != 0 && a[i] != 0;
      const bool f = p || a[i] < b[i]; // !(p xor true) || a < b
      w = f ? a[i] : b[i];
    } else {
      d = a[i] ^ b[i] ^ c[i];
      const bool p = d != 0 || a[i] < b[i];
      w = !p ? a[i] : b[i];
    }
    if (hd[i] != d || hw[i] != w) {
      ok = false;
      std::snprintf(first, sizeof first, " (element %d: a=%x b=%x c=%x: d %x w %x, want %x %x)", i,
                    a[i], b[i], c[i], hd[i], hw[i], d, w);
    }
  }
  report(ok,
         Cta ? "cta: setp, lop3.and.b32 d|p, xor.pred (scalar true), not.pred, mov.pred, or.pred, "
               "selp.b32"
             : "warp: setp.lo.u32, lop3.or.b32 d|p, not.pred, selp.b32",
         first);
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dd), cudaFree(dw);
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned long long seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20261201ull;
  std::printf("seed %llu\n", seed);
  std::mt19937_64 g(seed);
  int major = 0;
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  // every comparison of every type: plain, .and with q
  run_setp<0, 0>(g, 0, false, false), run_setp<0, 1>(g, 1, true, false);
  run_setp<1, 0>(g, 0, false, false), run_setp<1, 1>(g, 1, true, false);
  run_setp<2, 0>(g, 0, false, false), run_setp<2, 1>(g, 1, true, false);
  run_setp<3, 0>(g, 0, false, false), run_setp<3, 1>(g, 1, true, false);
  run_setp<4, 0>(g, 0, false, false), run_setp<4, 1>(g, 1, true, false);
  run_setp<5, 0>(g, 0, false, false), run_setp<5, 1>(g, 1, true, false);
  run_setp<6, 0>(g, 0, false, false), run_setp<6, 1>(g, 1, true, false);
  run_setp<7, 0>(g, 0, false, false), run_setp<7, 1>(g, 1, true, false);
  run_setp<8, 0>(g, 0, false, false), run_setp<8, 1>(g, 1, true, false);
  run_setp<9, 0>(g, 0, false, false), run_setp<9, 1>(g, 1, true, false);
  run_setp<10, 0>(g, 0, false, false), run_setp<10, 1>(g, 1, true, false);
  run_setp<11, 0>(g, 0, false, false), run_setp<11, 1>(g, 1, true, false);
  run_setp<12, 0>(g, 0, false, false), run_setp<12, 11>(g, 1, false, false);
  run_setp<13, 0>(g, 0, false, false), run_setp<13, 11>(g, 1, false, false);
  run_setp<15, 10>(g, 0, true, true), run_setp<15, 1>(g, 1, true, true);
  run_setp<16, 10>(g, 0, true, true), run_setp<16, 1>(g, 1, true, true);
  if (major >= 9) {
    run_setp<14, 0>(g, 0, false, false), run_setp<14, 11>(g, 1, false, false);
    run_setp<17, 10>(g, 0, true, true), run_setp<17, 1>(g, 1, true, true);
  } else {
    std::printf("SKIP setp .bf16/.bf16x2 (sm_90)\n");
  }
  // .or and .xor (with q), plain p|q
  run_setp<4, 2>(g, 2, false, false), run_setp<4, 3>(g, 3, true, false);
  run_setp<7, 2>(g, 2, false, false), run_setp<7, 3>(g, 3, true, false);
  run_setp<9, 2>(g, 2, false, false), run_setp<9, 3>(g, 3, true, false);
  run_setp<11, 2>(g, 2, false, false), run_setp<11, 3>(g, 3, true, false);
  run_setp<15, 12>(g, 2, true, true), run_setp<15, 3>(g, 3, true, true);
  run_setp<4, 4>(g, 0, true, false), run_setp<9, 4>(g, 0, true, false);
  // set
  run_set<1>(g), run_set<3>(g), run_set<8>(g), run_set<9>(g), run_set<10>(g), run_set<11>(g);
  // through tile::apply (the engine: operands, predicate tensors, the second destination)
  run_setp<4, 0, true>(g, 0, false, false, 2); // setp.lt.s32
  run_setp<10, 4, true>(g, 0, true, false, 8); // setp.ltu.ftz.f32 p|q
  run_setp<11, 1, true>(g, 1, true, false, 4); // setp.gt.and.f64 p|q
  run_setp<15, 3, true>(g, 3, true, true, 1);  // setp.ne.xor.f16x2 p|q
  run_set<3, 5, 0, 3>(g);                      // set.le.u32.s16
  run_set<9, 6, 1, 10>(g);                     // set.gtu.and.f32.f32
  // half-precision set: every spelling, then three through tile::apply
  run_half_set<0>(g, major), run_half_set<1>(g, major), run_half_set<2>(g, major);
  run_half_set<3>(g, major), run_half_set<4>(g, major), run_half_set<5>(g, major);
  run_half_set<6>(g, major), run_half_set<7>(g, major), run_half_set<8>(g, major);
  run_half_set<9>(g, major), run_half_set<10>(g, major), run_half_set<11>(g, major);
  run_half_set<12>(g, major), run_half_set<13>(g, major), run_half_set<14>(g, major);
  run_half_set_engine<0>(g), run_half_set_engine<1>(g), run_half_set_engine<2>(g);
  // selp, slct
#define RUN_SEL(K, T, E) run_sel<E>(g, K, groups[K].t, T);
  run_sel<std::uint16_t>(g, 0, b16, ".b16"), run_sel<std::uint32_t>(g, 1, b32, ".b32");
  run_sel<unsigned long long>(g, 2, b64, ".b64"), run_sel<std::uint16_t>(g, 3, u16, ".u16");
  run_sel<std::uint32_t>(g, 4, u32, ".u32"), run_sel<unsigned long long>(g, 5, u64t, ".u64");
  run_sel<std::int16_t>(g, 6, s16, ".s16"), run_sel<int>(g, 7, s32, ".s32");
  run_sel<long long>(g, 8, s64, ".s64"), run_sel<float>(g, 9, f32, ".f32");
  run_sel<double>(g, 10, f64, ".f64");
#undef RUN_SEL
  // other scopes and layouts
  run_store_below(g);
  run_cta(g);
  // predicate logic
  run_plogic<0>(g), run_plogic<1>(g), run_plogic<2>(g), run_plogic<3>(g), run_plogic<4>(g);
  run_plogic<5>(g), run_plogic<6>(g), run_plogic<7>(g);
  run_plogic_scope<false>(g), run_plogic_scope<true>(g);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
