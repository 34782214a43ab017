// Runs seed kernel affine_relu (affine_relu.cuh: B = max(2*A + 1, 0) with
// fma.rn.f32 and max.f32) on random inputs and checks every output on the host.
// Argument: the random seed (default: a fresh one).
#include "affine_relu.cuh"

#include "example_util.hpp"

int main(int argc, char** argv) {
  constexpr int n = 2 * 32 * 4; // 256
  unsigned seed = example::seed_from_args(argc, argv);
  // inputs in [-4, 4): 2*x + 1 is negative for x < -0.5, so ReLU clamps
  // about 44% of the results
  auto a = example::random_floats(n, seed);
  example::Buffer<float> A(n), B(n);
  A.upload(a);
  B.poison();
  affine_relu<<<1, 64>>>(Rows{A.dev}, Rows{B.dev});
  example::sync_and_check("affine_relu");
  std::vector<float> want(n);
  int clamped = 0;
  for (int i = 0; i < n; ++i) {
    float affine = std::fma(a[i], 2.0f, 1.0f); // one rounding, as fma.rn.f32
    clamped += affine < 0.0f;
    want[i] = std::fmax(affine, 0.0f);
  }
  if (clamped == 0 || clamped == n) {
    std::printf("affine_relu: inputs do not exercise ReLU (%d of %d clamped, seed %u)\n", clamped,
                n, seed);
    return 1;
  }
  std::printf("affine_relu: %d of %d results clamped to 0\n", clamped, n);
  return example::expect_equal("affine_relu", B.download(), want, seed);
}
