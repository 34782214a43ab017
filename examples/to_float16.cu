// Runs seed kernel to_float16 (to_float16.cuh: float to float16 with
// cvt.rn.f16.f32) on random inputs and checks every output on the host.
// Argument: the random seed (default: a fresh one).
#include "to_float16.cuh"

#include <limits>

#include "example_util.hpp"

/// Random floats over the whole float16 range and beyond: values that round
/// to subnormals, to zero, to infinity, and exact ties between two halves.
std::vector<float> conversion_inputs(int n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> mantissa(1.0f, 2.0f);
  std::uniform_int_distribution<int> exponent(-27, 16); // 2^-27 .. 2^17
  std::vector<float> v(n);
  for (auto& x : v)
    x = std::ldexp(mantissa(gen), exponent(gen)) * (gen() % 2 ? -1.0f : 1.0f);
  // fixed cases in the first slots (their positions do not matter)
  const float ties[] = {
      1.0f + 0x1p-11f,     // halfway between 1 and 1 + 2^-10: to 1 (even)
      1.0f + 3 * 0x1p-11f, // halfway, rounds up to the even neighbour
      0x1p-25f,            // halfway between 0 and the smallest subnormal: to 0
      3 * 0x1p-25f,        // halfway between two subnormals: up to 2^-23 (even)
      65504.0f,            // the largest half
      65519.0f,            // below the halfway point to 65536: 65504
      65520.0f,            // halfway to 2^16: rounds to infinity
      -0.0f,
      0.0f,
      1e30f,
      -1e30f,
      std::numeric_limits<float>::infinity(),
      -std::numeric_limits<float>::infinity(),
      0x1p-14f,
      0x1p-24f,
      0x1.ffcp-15f,
  };
  for (std::size_t i = 0; i < sizeof(ties) / sizeof(ties[0]); ++i)
    v[i] = ties[i];
  return v;
}

int main(int argc, char** argv) {
  constexpr int n = 2 * 32 * 4; // 256
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = conversion_inputs(n, seed);
  example::Buffer<float> A(n);
  example::Buffer<half> B(n);
  A.upload(a);
  B.poison(); // 0xFFFF: a float16 NaN that no input converts to
  to_float16<<<1, 64>>>(GlobalTensor<float, ShapeT<2, 32, 4>, 16>{A.dev},
                        GlobalTensor<half, ShapeT<2, 32, 4>, 8>{B.dev});
  example::sync_and_check("to_float16");
  std::vector<half> got = B.download();
  for (int i = 0; i < n; ++i) {
    half want = __float2half_rn(a[i]); // host round-to-nearest-even conversion
    std::uint16_t g, w;
    std::memcpy(&g, &got[i], 2);
    std::memcpy(&w, &want, 2);
    if (g != w) {
      std::printf("to_float16: MISMATCH at %d: input %a, got 0x%04x, want 0x%04x (seed %u)\n", i,
                  double(a[i]), g, w, seed);
      return 1;
    }
  }
  std::printf("to_float16: OK (%d values, bit-exact, seed %u)\n", n, seed);
  return 0;
}
