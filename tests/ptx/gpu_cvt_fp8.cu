// GPU test of the fp8 pair conversions' byte order and of .satfinite on
// infinities, NaNs and out-of-range values (label gpu), on fixed inputs
// checked bit for bit (a NaN result: any NaN of the format):
//   - cvt.rn.satfinite.{e4m3x2|e5m2x2}.f32 d, a, b: a in bits 15..8, b in 7..0;
//     +-inf and |x| above the largest finite value give +-448 (e4m3, 0x7E/0xFE)
//     and +-57344 (e5m2, 0x7B/0xFB), never an infinity; a NaN gives a NaN;
//   - cvt.rn.satfinite.e4m3x2.f16x2 d, a: the high half of a to the high byte,
//     the same saturation;
//   - cvt.rn.f16x2.{e4m3x2|e5m2x2} d, a: the high byte to the high half, exact
//     (e4m3's 448 is f16 0x5F00; e5m2's infinities stay infinities).
// The fp8 forms need sm_89: built for sm_90a only. One line per case (PASS
// or FAIL with got/want), then "N passed, M failed". Exit 0: all passed; 1: a
// failure; 77: no GPU.
#include "support/gpu_check.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <limits>

namespace {

using namespace tirx;

constexpr int cases = 6;

/// Per case i: four f32 -> fp8 pair conversions and two fp8 -> f16x2 ones.
__global__ void convert(const float* hi, const float* lo, const unsigned* f16x2_in,
                        const unsigned short* e4m3_in, const unsigned short* e5m2_in,
                        unsigned short* e4m3_out, unsigned short* e5m2_out,
                        unsigned short* e4m3_from_f16x2, unsigned* f16x2_from_e4m3,
                        unsigned* f16x2_from_e5m2) {
  const int i = static_cast<int>(threadIdx.x);
  if (i >= cases)
    return;
#if __CUDA_ARCH__ >= 890
  auto a = alloc_local<float, shape(1)>();
  auto b = alloc_local<float, shape(1)>();
  auto pair = alloc_local<unsigned short, shape(1)>();
  auto wide = alloc_local<unsigned, shape(1)>();
  a.data()[0] = hi[i];
  b.data()[0] = lo[i];
  tile::apply<ptx<"cvt.rn.satfinite.e4m3x2.f32">>(pair, a, b, scope::thread);
  e4m3_out[i] = pair.data()[0];
  tile::apply<ptx<"cvt.rn.satfinite.e5m2x2.f32">>(pair, a, b, scope::thread);
  e5m2_out[i] = pair.data()[0];
  wide.data()[0] = f16x2_in[i];
  tile::apply<ptx<"cvt.rn.satfinite.e4m3x2.f16x2">>(pair, wide, scope::thread);
  e4m3_from_f16x2[i] = pair.data()[0];
  pair.data()[0] = e4m3_in[i];
  tile::apply<ptx<"cvt.rn.f16x2.e4m3x2">>(wide, pair, scope::thread);
  f16x2_from_e4m3[i] = wide.data()[0];
  pair.data()[0] = e5m2_in[i];
  tile::apply<ptx<"cvt.rn.f16x2.e5m2x2">>(wide, pair, scope::thread);
  f16x2_from_e5m2[i] = wide.data()[0];
#else
  (void)hi, (void)lo, (void)f16x2_in, (void)e4m3_in, (void)e5m2_in, (void)e4m3_out, (void)e5m2_out,
      (void)e4m3_from_f16x2, (void)f16x2_from_e4m3, (void)f16x2_from_e5m2;
#endif
}

bool e4m3_nan(unsigned b) { return (b & 0x7f) == 0x7f; }
bool e5m2_nan(unsigned b) { return (b & 0x7c) == 0x7c && (b & 0x03) != 0; }
bool f16_nan(unsigned h) { return (h & 0x7c00) == 0x7c00 && (h & 0x03ff) != 0; }

/// One result: its bytes (or halves) against the wanted ones; kNaN: any NaN.
constexpr unsigned kNaN = 0xffffffffu;
int failures = 0, passes = 0;
void expect(const char* what, int i, unsigned got, unsigned want_hi, unsigned want_lo, int bits,
            bool (*is_nan)(unsigned)) {
  const unsigned mask = (1u << bits) - 1;
  const unsigned got_hi = (got >> bits) & mask, got_lo = got & mask;
  const bool ok = (want_hi == kNaN ? is_nan(got_hi) : got_hi == want_hi) &&
                  (want_lo == kNaN ? is_nan(got_lo) : got_lo == want_lo);
  std::printf("%s %s case %d: got 0x%0*x", ok ? "PASS" : "FAIL", what, i, bits / 2, got);
  if (!ok)
    std::printf(", want high 0x%x low 0x%x (0xffffffff: a NaN)", want_hi, want_lo);
  std::printf("\n");
  ++(ok ? passes : failures);
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  int major = 0, minor = 0;
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0));
  if (major * 10 + minor < 90) {
    std::printf("gpu_cvt_fp8: built for sm_90a, the GPU is sm_%d%d: skipped\n", major, minor);
    return 77;
  }
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // f32 pairs (a: the high byte's source, b: the low byte's)
  const float hi[cases] = {1.0f, inf, 1e6f, nan, 448.0f, -0.0f};
  const float lo[cases] = {2.0f, -inf, -1e6f, 0.5f, 464.0f, 1.0f};
  // f16x2 sources: 1.0 | 2.0, +inf | -inf, NaN | 0.5, 60000 | -0.0, 448 | 0.25, 1.0 | 1.0
  const unsigned f16x2_in[cases] = {0x3C004000u, 0x7C00FC00u, 0x7E003800u,
                                    0x7B538000u, 0x5F003400u, 0x3C003C00u};
  // e4m3 pairs: 1.0 | 2.0, 448 | -448, NaN | 0.5, -0 | 1.0, the smallest subnormal (2^-9) | 0,
  // 1.0 | -1.0
  const unsigned short e4m3_in[cases] = {0x3840, 0x7EFE, 0x7F30, 0x8038, 0x0100, 0x38B8};
  // e5m2 pairs: 1.0 | 2.0, +inf | -inf, NaN | 0.5, 57344 | -57344, the smallest subnormal
  // (2^-16) | 0, 1.0 | -1.0
  const unsigned short e5m2_in[cases] = {0x3C40, 0x7CFC, 0x7E38, 0x7BFB, 0x0100, 0x3CBC};

  float *d_hi, *d_lo;
  unsigned *d_f16x2_in, *d_f16x2_from_e4m3, *d_f16x2_from_e5m2;
  unsigned short *d_e4m3_in, *d_e5m2_in, *d_e4m3_out, *d_e5m2_out, *d_e4m3_from_f16x2;
  TIRX_CHECK_CUDA(cudaMalloc(&d_hi, sizeof hi));
  TIRX_CHECK_CUDA(cudaMalloc(&d_lo, sizeof lo));
  TIRX_CHECK_CUDA(cudaMalloc(&d_f16x2_in, sizeof f16x2_in));
  TIRX_CHECK_CUDA(cudaMalloc(&d_e4m3_in, sizeof e4m3_in));
  TIRX_CHECK_CUDA(cudaMalloc(&d_e5m2_in, sizeof e5m2_in));
  TIRX_CHECK_CUDA(cudaMalloc(&d_e4m3_out, cases * sizeof(unsigned short)));
  TIRX_CHECK_CUDA(cudaMalloc(&d_e5m2_out, cases * sizeof(unsigned short)));
  TIRX_CHECK_CUDA(cudaMalloc(&d_e4m3_from_f16x2, cases * sizeof(unsigned short)));
  TIRX_CHECK_CUDA(cudaMalloc(&d_f16x2_from_e4m3, cases * sizeof(unsigned)));
  TIRX_CHECK_CUDA(cudaMalloc(&d_f16x2_from_e5m2, cases * sizeof(unsigned)));
  TIRX_CHECK_CUDA(cudaMemcpy(d_hi, hi, sizeof hi, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(d_lo, lo, sizeof lo, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(d_f16x2_in, f16x2_in, sizeof f16x2_in, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(d_e4m3_in, e4m3_in, sizeof e4m3_in, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(d_e5m2_in, e5m2_in, sizeof e5m2_in, cudaMemcpyHostToDevice));
  // poisoned outputs: an unwritten result shows
  TIRX_CHECK_CUDA(cudaMemset(d_e4m3_out, 0xA5, cases * sizeof(unsigned short)));
  TIRX_CHECK_CUDA(cudaMemset(d_e5m2_out, 0xA5, cases * sizeof(unsigned short)));
  TIRX_CHECK_CUDA(cudaMemset(d_e4m3_from_f16x2, 0xA5, cases * sizeof(unsigned short)));
  TIRX_CHECK_CUDA(cudaMemset(d_f16x2_from_e4m3, 0xA5, cases * sizeof(unsigned)));
  TIRX_CHECK_CUDA(cudaMemset(d_f16x2_from_e5m2, 0xA5, cases * sizeof(unsigned)));
  convert<<<1, 32>>>(d_hi, d_lo, d_f16x2_in, d_e4m3_in, d_e5m2_in, d_e4m3_out, d_e5m2_out,
                     d_e4m3_from_f16x2, d_f16x2_from_e4m3, d_f16x2_from_e5m2);
  TIRX_CHECK_LAUNCH("convert");

  unsigned short e4m3_out[cases], e5m2_out[cases], e4m3_from_f16x2[cases];
  unsigned f16x2_from_e4m3[cases], f16x2_from_e5m2[cases];
  TIRX_CHECK_CUDA(cudaMemcpy(e4m3_out, d_e4m3_out, sizeof e4m3_out, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(e5m2_out, d_e5m2_out, sizeof e5m2_out, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(e4m3_from_f16x2, d_e4m3_from_f16x2, sizeof e4m3_from_f16x2,
                             cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(f16x2_from_e4m3, d_f16x2_from_e4m3, sizeof f16x2_from_e4m3,
                             cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(f16x2_from_e5m2, d_f16x2_from_e5m2, sizeof f16x2_from_e5m2,
                             cudaMemcpyDeviceToHost));

  // {high, low} of each case. e4m3: 448 = 0x7E, 0.5 = 0x30, 1.0 = 0x38, 2.0 = 0x40, -0 = 0x80;
  // 464 rounds past 448 and saturates. e5m2: 57344 = 0x7B, 0.5 = 0x38, 1.0 = 0x3C, 2.0 = 0x40.
  const unsigned e4m3_want[cases][2] = {{0x38, 0x40}, {0x7E, 0xFE}, {0x7E, 0xFE},
                                        {kNaN, 0x30}, {0x7E, 0x7E}, {0x80, 0x38}};
  const unsigned e5m2_want[cases][2] = {{0x3C, 0x40}, {0x7B, 0xFB}, {0x7B, 0xFB},
                                        {kNaN, 0x38}, {0x5F, 0x5F}, {0x80, 0x3C}};
  // from f16x2: 60000 saturates to 448; 0.25 = 0x28
  const unsigned from_f16x2_want[cases][2] = {{0x38, 0x40}, {0x7E, 0xFE}, {kNaN, 0x30},
                                              {0x7E, 0x80}, {0x7E, 0x28}, {0x38, 0x38}};
  // to f16: 448 = 0x5F00, 2^-9 = 0x1800 (an f16 normal), 57344 = 0x7B00, 2^-16 = 0x0100 (an
  // f16 subnormal), inf = 0x7C00, 0.5 = 0x3800. The values agree with cuda_fp8.h's host
  // conversions (__nv_cvt_float_to_fp8 and __nv_cvt_halfraw_to_fp8 with __NV_SATFINITE,
  // __nv_cvt_fp8_to_halfraw).
  const unsigned from_e4m3_want[cases][2] = {{0x3C00, 0x4000}, {0x5F00, 0xDF00}, {kNaN, 0x3800},
                                             {0x8000, 0x3C00}, {0x1800, 0x0000}, {0x3C00, 0xBC00}};
  const unsigned from_e5m2_want[cases][2] = {{0x3C00, 0x4000}, {0x7C00, 0xFC00}, {kNaN, 0x3800},
                                             {0x7B00, 0xFB00}, {0x0100, 0x0000}, {0x3C00, 0xBC00}};
  for (int i = 0; i < cases; ++i) {
    expect("cvt.rn.satfinite.e4m3x2.f32", i, e4m3_out[i], e4m3_want[i][0], e4m3_want[i][1], 8,
           e4m3_nan);
    expect("cvt.rn.satfinite.e5m2x2.f32", i, e5m2_out[i], e5m2_want[i][0], e5m2_want[i][1], 8,
           e5m2_nan);
    expect("cvt.rn.satfinite.e4m3x2.f16x2", i, e4m3_from_f16x2[i], from_f16x2_want[i][0],
           from_f16x2_want[i][1], 8, e4m3_nan);
    expect("cvt.rn.f16x2.e4m3x2", i, f16x2_from_e4m3[i], from_e4m3_want[i][0], from_e4m3_want[i][1],
           16, f16_nan);
    expect("cvt.rn.f16x2.e5m2x2", i, f16x2_from_e5m2[i], from_e5m2_want[i][0], from_e5m2_want[i][1],
           16, f16_nan);
  }
  std::printf("%d passed, %d failed\n", passes, failures);
  return failures == 0 ? 0 : 1;
}
