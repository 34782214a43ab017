// GPU test (label gpu): namespace-scope and class-scope constexpr constants
// as scalar sources of tile::apply and tile::ewise (apply_constants.cuh):
// floats, ints, shfl.sync's lane arguments, packed and single halves. Seeded
// random inputs, poisoned outputs, every element checked against a host
// reference (exact: quarter-integer floats, small-integer halves).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "exec/apply_constants.cuh"
#include "support/device_buffer.hpp"
#include "support/expect.hpp"
#include "support/gpu_check.hpp"
#include "support/random.hpp"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using namespace tirx_constants;

constexpr int n = 32 * 4;

/// Counts one case: PASS or FAIL with the first wrong element.
template <class T, class W>
void check(const char* what, const std::vector<T>& got, const std::vector<W>& want) {
  int first = -1;
  for (int i = 0; i < n && first < 0; ++i)
    if (!(got[i] == want[i]))
      first = i;
  if (tirx_test::expect(first < 0))
    std::printf("PASS %s\n", what);
  else
    std::printf("FAIL %s: element %d is %g, expected %g\n", what, first,
                static_cast<double>(got[first]), static_cast<double>(want[first]));
}

std::vector<float> quarters(std::mt19937& rng) { // exact through * 3 + 0.5 and * 2
  std::vector<float> v = tirx_test::whole_floats(rng, n, -4000, 4000);
  for (float& x : v)
    x *= 0.25f;
  return v;
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : std::random_device{}();
  std::printf("gpu_apply_constants: seed %u (replay: gpu_apply_constants %u)\n", seed, seed);
  std::mt19937 rng(seed);
  { // apply: mul.f32, add.f32 with namespace-scope constants, mul.f32 with a static member
    const std::vector<float> x = quarters(rng);
    tirx_test::DeviceBuffer<float> in(n), out(n);
    in.upload(x);
    out.poison();
    apply_floats<<<1, 32>>>(F32Tile{in.ptr}, F32Tile{out.ptr});
    TIRX_CHECK_LAUNCH("apply_floats");
    std::vector<float> want(n);
    for (int i = 0; i < n; ++i)
      want[i] = (x[i] * kScale + kBias) * Consts::twice;
    check("apply mul.f32/add.f32 with kScale, kBias, Consts::twice", out.download(), want);
  }
  { // ewise with two float constants
    const std::vector<float> x = quarters(rng);
    tirx_test::DeviceBuffer<float> in(n), out(n);
    in.upload(x);
    out.poison();
    ewise_floats<<<1, 32>>>(F32Tile{in.ptr}, F32Tile{out.ptr});
    TIRX_CHECK_LAUNCH("ewise_floats");
    std::vector<float> want(n);
    for (int i = 0; i < n; ++i)
      want[i] = x[i] * kScale - kBias;
    check("ewise x * kScale - kBias", out.download(), want);
  }
  { // ints: ewise with int constants, shfl.sync with unsigned constants
    std::vector<int> x(n);
    std::uniform_int_distribution<int> d(-1000000, 1000000);
    for (int& v : x)
      v = d(rng);
    tirx_test::DeviceBuffer<int> in(n), out(n), swapped(n);
    in.upload(x);
    out.poison();
    swapped.poison();
    ints<<<1, 32>>>(I32Tile{in.ptr}, I32Tile{out.ptr}, I32Tile{swapped.ptr});
    TIRX_CHECK_LAUNCH("ints");
    std::vector<int> want(n), want_swapped(n);
    for (int i = 0; i < n; ++i) {
      want[i] = x[i] + kAdd + Consts::minus;
      const int lane = i / 4, j = i % 4; // (lane, 4) row-major
      want_swapped[i] = x[(lane ^ static_cast<int>(kXorLane)) * 4 + j];
    }
    check("ewise x + kAdd + Consts::minus", out.download(), want);
    check("shfl.sync.bfly with kXorLane, kClamp, kAllLanes", swapped.download(), want_swapped);
  }
  { // packed halves: mul.f16x2 by (3, 3) from a constant's bits
    std::vector<unsigned> x(n), want(n);
    std::uniform_int_distribution<int> d(-600, 600); // x 3 stays exact in f16
    for (int i = 0; i < n; ++i) {
      const int lo = d(rng), hi = d(rng);
      auto bits = [](int v) {
        return static_cast<unsigned>(__half_as_ushort(__float2half(static_cast<float>(v))));
      };
      x[i] = bits(lo) | (bits(hi) << 16);
      want[i] = bits(3 * lo) | (bits(3 * hi) << 16);
    }
    tirx_test::DeviceBuffer<unsigned> in(n), out(n);
    in.upload(x);
    out.poison();
    packed_halves<<<1, 32>>>(U32Tile{in.ptr}, U32Tile{out.ptr});
    TIRX_CHECK_LAUNCH("packed_halves");
    check("apply mul.f16x2 with kThrees", out.download(), want);
  }
  { // single halves: mov.b16 of a constant's bits, ewise adding it
    std::vector<__half> x(n);
    std::vector<float> want_plus(n);
    std::uniform_int_distribution<int> d(-1000, 1000);
    for (int i = 0; i < n; ++i) {
      const int v = d(rng);
      x[i] = __float2half(static_cast<float>(v));
      want_plus[i] = static_cast<float>(v + 1);
    }
    tirx_test::DeviceBuffer<__half> in(n), plus(n);
    tirx_test::DeviceBuffer<unsigned short> ones(n);
    in.upload(x);
    plus.poison();
    ones.poison();
    halves<<<1, 32>>>(F16Tile{in.ptr}, U16Tile{ones.ptr}, F16Tile{plus.ptr});
    TIRX_CHECK_LAUNCH("halves");
    check("apply mov.b16 with kHalfOne", ones.download(), std::vector<unsigned short>(n, kHalfOne));
    std::vector<float> got_plus(n);
    const std::vector<__half> p = plus.download();
    for (int i = 0; i < n; ++i)
      got_plus[i] = __half2float(p[i]);
    check("ewise half + kHalfOne", got_plus, want_plus);
  }
  return tirx_test::summary("gpu_apply_constants");
}
