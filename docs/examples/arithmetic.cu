// The code of docs/arithmetic.md. Each region between `// [snippet:NAME]` and
// `// [/snippet]` is shown verbatim in the guide; tests/tools/check_doc_snippets.py
// keeps the two in sync. Built for sm_80 and sm_90a; `ctest -L gpu` runs every
// kernel and checks its output (exit 77, "skipped", without a GPU). The guide's
// first kernel is the seed affine_relu, shown from its one copy,
// examples/affine_relu.cuh, which also defines register_layout and Rows for
// the kernels here.
#include <tirx/tile.hpp>

#include "../../examples/affine_relu.cuh"
#include "../../examples/example_util.hpp"
#include <tirx/host/cuda_check.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace tirx;

// [snippet:to-float16]
using HalfRows = GlobalTensor<half, ShapeT<2, 32, 4>, 8>; // four halves: 8 bytes per row

__global__ void to_float16(Rows A, HalfRows B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  auto converted = alloc_local<half, shape(2, 32, 4), register_layout>();
  auto words = converted.view<uint16>(); // the 16-bit containers of the halves
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"cvt.rn.f16.f32">>(words, registers, scope::cta); // four cvt per thread
  tile::apply<ptx<"st.global.v4.b16">>(B.view<uint16>(), words, scope::cta);
}
// [/snippet]

// [snippet:pack-half2]
// The same conversion, two values per instruction. The first source goes to
// the high half, so element 1 of each pair is passed first: pair_halves
// names the two views, hi (elements 1 and 3) and lo (elements 0 and 2).
constexpr TileLayout pair_layout = layout_of<"S[(2, 32, 2) : (1@warpid, 1@laneid, 1)]">;

__global__ void to_float16_packed(Rows A, HalfRows B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  auto packed = alloc_local<uint32, shape(2, 32, 2), pair_layout>(); // f16x2 carriers
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  auto pairs = pair_halves(registers); // two (2, 32, 2) views of the registers
  tile::apply<ptx<"cvt.rn.f16x2.f32">>(packed, pairs.hi, pairs.lo, scope::cta); // two cvt each
  tile::apply<ptx<"st.global.v2.b32">>(B.view<uint32>(), packed, scope::cta);
}
// [/snippet]

// [snippet:pair-halves-by-hand]
// What pair_halves does: the last mode split into (pairs, 2), then the
// element of each pair picked with a static index.
__global__ void to_float16_by_hand(Rows A, HalfRows B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  auto packed = alloc_local<uint32, shape(2, 32, 2), pair_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  auto pairs = registers.view<2, 32, 2, 2>();
  auto high = pairs.sub(_, _, _, c<1>); // pair_halves(registers).hi
  auto low = pairs.sub(_, _, _, c<0>);  // pair_halves(registers).lo
  tile::apply<ptx<"cvt.rn.f16x2.f32">>(packed, high, low, scope::cta);
  tile::apply<ptx<"st.global.v2.b32">>(B.view<uint32>(), packed, scope::cta);
}
// [/snippet]

// [snippet:pack-fp8]
// fp8 results: the global tensor holds the fp8 type itself, one byte per
// element, and its uint16 view is what a packed pair is (element 2k in the
// low byte, 2k + 1 in the high byte). cvt.rn.satfinite.e4m3x2.f32 needs
// sm_89 or newer and takes the high element first, like the f16x2 form.
using Fp8Rows = GlobalTensor<float8_e4m3, ShapeT<2, 32, 4>, 4>; // four bytes per row

__global__ void to_fp8(Rows A, Fp8Rows B) {
#if __CUDA_ARCH__ >= 890
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  auto packed = alloc_local<uint16, shape(2, 32, 2), pair_layout>(); // e4m3x2 carriers
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  auto pairs = pair_halves(registers);
  tile::apply<ptx<"cvt.rn.satfinite.e4m3x2.f32">>(packed, pairs.hi, pairs.lo, scope::cta);
  tile::apply<ptx<"st.global.v2.b16">>(B.view<uint16>(), packed, scope::cta); // one 4-byte store
#else
  (void)A, (void)B; // (sm_80 has no fp8 conversion)
#endif
}
// [/snippet]

// [snippet:packed-fma]
// 2 * x + 1 on half values, two per instruction: the operands are uint32
// carriers of f16x2 pairs, and so are the scalars.
__global__ void affine_half2(HalfRows A, HalfRows B) {
  auto packed = alloc_local<uint32, shape(2, 32, 2), pair_layout>();
  tile::apply<ptx<"ld.global.v2.b32">>(packed, A.view<uint32>(), scope::cta);
  const uint32 two = 0x40004000u, one = 0x3C003C00u; // (2.0, 2.0) and (1.0, 1.0) as f16x2
  tile::apply<ptx<"fma.rn.f16x2">>(packed, packed, two, one, scope::cta);
  tile::apply<ptx<"st.global.v2.b32">>(B.view<uint32>(), packed, scope::cta);
}
// [/snippet]

// [snippet:integer-logic]
// Per 32-bit word x: its Gray code x ^ (x >> 1), its count of set bits and
// its bytes in reverse order, with the integer and bits families.
using WordRows = GlobalTensor<uint32, ShapeT<2, 32, 4>, 16>;

__global__ void word_bits(WordRows A, WordRows gray, WordRows ones, WordRows swapped) {
  auto x = alloc_local<uint32, shape(2, 32, 4), register_layout>();
  auto y = alloc_local<uint32, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(x, A, scope::cta);
  tile::apply<ptx<"shr.u32">>(y, x, 1u, scope::cta); // the shift amount: a 32-bit scalar
  // lop3's LUT is an immediate: 0xF0, 0xCC and 0xAA stand for a, b and c
  tile::apply<ptx<"lop3.b32">>(y, x, y, 0u, tile::imm<0xF0 ^ 0xCC>, scope::cta); // a ^ b
  tile::apply<ptx<"st.global.v4.b32">>(gray, y, scope::cta);
  tile::apply<ptx<"popc.b32">>(y, x, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(ones, y, scope::cta);
  tile::apply<ptx<"prmt.b32">>(y, x, 0u, 0x0123u, scope::cta); // bytes 3, 2, 1, 0 of x
  tile::apply<ptx<"st.global.v4.b32">>(swapped, y, scope::cta);
}
// [/snippet]

// [snippet:beyond-f32]
// y = 2 x + y in double precision with one rounding (fma.rn.f64: double
// tiles, "d" registers), then a 0/1 flag per element from testp: whether
// the result is finite.
__global__ void axpy_f64(const double* X, double* Y, uint32* finite) {
  auto x = alloc_local<double, shape(2, 32, 4), register_layout>();
  auto y = alloc_local<double, shape(2, 32, 4), register_layout>();
  auto flags = alloc_local<uint32, shape(2, 32, 4), register_layout>();
  const int t = static_cast<int>(threadIdx.x);
  for (int j = 0; j < 4; ++j)
    x.data()[j] = X[t * 4 + j], y.data()[j] = Y[t * 4 + j];
  tile::apply<ptx<"fma.rn.f64">>(y, x, 2.0, y, scope::cta);
  tile::apply<ptx<"testp.finite.f64">>(flags, y, scope::cta);
  for (int j = 0; j < 4; ++j)
    Y[t * 4 + j] = y.data()[j], finite[t * 4 + j] = flags.data()[j];
}
// [/snippet]

// [snippet:silu]
__device__ float silu(float value) { return value / (1.0f + expf(-value)); }

__global__ void silu_kernel(Rows A, Rows B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::ewise(silu, registers, registers, scope::cta); // four calls per thread
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

// The same with a lambda; its parameter and result are float, like the elements.
__global__ void silu_lambda(Rows A, Rows B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::ewise([](float x) { return x / (1.0f + expf(-x)); }, registers, registers, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}
// [/snippet]

namespace {

unsigned short bits_of(half h) {
  unsigned short b;
  std::memcpy(&b, &h, sizeof b);
  return b;
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped

  // the seed's linspace(-4, 4, 256)
  std::vector<float> a(256);
  for (int i = 0; i < 256; ++i)
    a[i] = -4.0f + 8.0f * static_cast<float>(i) / 255.0f;
  example::Buffer<float> in(256), out(256);
  example::Buffer<half> half_in(256), half_out(256);
  in.upload(a);

  out.fill_bytes(0);
  affine_relu<<<1, 64>>>(Rows{in.dev}, Rows{out.dev});
  {
    auto b = out.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i)
      ok = ok && b[i] == std::fmax(std::fma(a[i], 2.0f, 1.0f), 0.0f);
    example::expect(ok, "affine_relu");
  }

  // cvt.rn is round-to-nearest-even, like the host's __float2half_rn
  auto check_half = [&](const char* what) {
    auto b = half_out.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i)
      ok = ok && bits_of(b[i]) == bits_of(__float2half_rn(a[i]));
    example::expect(ok, what);
  };
  half_out.fill_bytes(0);
  to_float16<<<1, 64>>>(Rows{in.dev}, HalfRows{half_out.dev});
  check_half("to_float16");
  half_out.fill_bytes(0);
  to_float16_packed<<<1, 64>>>(Rows{in.dev}, HalfRows{half_out.dev});
  check_half("to_float16_packed");
  half_out.fill_bytes(0);
  to_float16_by_hand<<<1, 64>>>(Rows{in.dev}, HalfRows{half_out.dev});
  check_half("to_float16_by_hand");
  int device = 0, major = 0, minor = 0;
  EXAMPLE_CHECK_CUDA(cudaGetDevice(&device));
  EXAMPLE_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  EXAMPLE_CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  if (10 * major + minor >= 89) { // cvt.rn.satfinite.e4m3x2.f32: sm_89 and newer
    example::Buffer<float8_e4m3> fp8_out(256);
    fp8_out.fill_bytes(0xff); // NaN in e4m3: an element left unwritten shows
    to_fp8<<<1, 64>>>(Rows{in.dev}, Fp8Rows{fp8_out.dev});
    auto b = fp8_out.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i) // the host's conversion: round to nearest even, saturating
      ok = ok && b[i].__x == float8_e4m3(a[i]).__x;
    example::expect(ok, "to_fp8 (e4m3x2)");
  } else {
    std::printf("SKIP to_fp8: needs sm_89\n");
  }

  // exact in half: multiples of 1/8 in [-16, 16)
  std::vector<half> h(256);
  for (int i = 0; i < 256; ++i)
    h[i] = __float2half_rn(static_cast<float>(i - 128) / 8.0f);
  half_in.upload(h);
  half_out.fill_bytes(0);
  affine_half2<<<1, 64>>>(HalfRows{half_in.dev}, HalfRows{half_out.dev});
  {
    auto b = half_out.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i)
      ok = ok && __half2float(b[i]) == 2.0f * __half2float(h[i]) + 1.0f;
    example::expect(ok, "affine_half2");
  }

  {
    std::vector<uint32> w(256);
    uint32 state = 12345u;
    for (auto& v : w) // a seeded sequence, with the edge words first
      v = (state = state * 1664525u + 1013904223u);
    w[0] = 0u, w[1] = 0xffffffffu, w[2] = 0x80000000u, w[3] = 1u;
    example::Buffer<uint32> words(256), gray(256), ones(256), swapped(256);
    words.upload(w);
    gray.poison(), ones.poison(), swapped.poison();
    word_bits<<<1, 64>>>(WordRows{words.dev}, WordRows{gray.dev}, WordRows{ones.dev},
                         WordRows{swapped.dev});
    auto g = gray.download(), o = ones.download(), sw = swapped.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i) {
      const uint32 v = w[i];
      const uint32 bswap = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
      ok = ok && g[i] == (v ^ (v >> 1)) && o[i] == static_cast<uint32>(__builtin_popcount(v)) &&
           sw[i] == bswap;
    }
    example::expect(ok, "word_bits (shr, lop3, popc, prmt)");
  }
  { // fma.rn.f64 is the host's fma bit for bit; testp.finite is 0 for the infinity
    std::vector<double> xs(256), ys(256);
    for (int i = 0; i < 256; ++i)
      xs[i] = 0.37 * i - 40.0, ys[i] = i / 3.0;
    xs[255] = INFINITY;
    example::Buffer<double> X(256), Y(256);
    example::Buffer<uint32> F(256);
    X.upload(xs);
    Y.upload(ys);
    F.fill_bytes(0xff);
    axpy_f64<<<1, 64>>>(X.dev, Y.dev, F.dev);
    auto y = Y.download();
    auto f = F.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i)
      ok = ok && y[i] == std::fma(xs[i], 2.0, ys[i]) && f[i] == (std::isfinite(y[i]) ? 1u : 0u);
    example::expect(ok, "axpy_f64");
  }

  auto check_silu = [&](const char* what) {
    auto b = out.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i) {
      float want = a[i] / (1.0f + std::exp(-a[i]));
      ok = ok && std::fabs(b[i] - want) <= 1e-6f * (1.0f + std::fabs(want));
    }
    example::expect(ok, what);
  };
  out.fill_bytes(0);
  silu_kernel<<<1, 64>>>(Rows{in.dev}, Rows{out.dev});
  check_silu("silu (__device__ function)");
  out.fill_bytes(0);
  silu_lambda<<<1, 64>>>(Rows{in.dev}, Rows{out.dev});
  check_silu("silu (lambda)");

  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  return example::exit_code();
}
