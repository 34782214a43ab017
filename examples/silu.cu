// Runs seed kernel apply_silu (silu.cuh: SiLU through ewise of a scalar
// function) on random inputs and checks every output on the host. Argument: the
// random seed (default: a fresh one).
#include "silu.cuh"

#include "example_util.hpp"

// Error bound. For |x| <= 8, __expf is within 2 + 1.173*|x| <= 12 ulp
// (CUDA Programming Guide, intrinsic functions), i.e. a relative error below
// 12 * 2^-23 = 1.43e-6; 1 + e and the division (div.rn) add 2^-24 each, and
// the quotient inherits at most the relative error of its denominator. So
// the result is within 1.6e-6 of the exact SiLU, relatively; we allow 2e-6.
constexpr double rel_bound = 2e-6;

int main(int argc, char** argv) {
  constexpr int n = 2 * 32 * 4; // 256
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(n, seed, -8.0f, 8.0f);
  a[0] = 0.0f; // silu(0) = 0 exactly
  example::Buffer<float> A(n), B(n);
  A.upload(a);
  B.poison();
  apply_silu<<<1, 64>>>(Rows{A.dev}, Rows{B.dev});
  example::sync_and_check("apply_silu");
  std::vector<float> got = B.download();
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    double x = a[i];
    double want = x / (1.0 + std::exp(-x)); // double-precision SiLU
    double err = want == 0 ? std::fabs(double(got[i])) : std::fabs(got[i] - want) / std::fabs(want);
    if (!(err <= rel_bound)) { // also catches NaN (the poison)
      std::printf("silu: MISMATCH at %d: input %.9g, got %.9g, want %.9g (relative error %.3g > "
                  "%.1g, seed %u)\n",
                  i, x, double(got[i]), want, err, rel_bound, seed);
      return 1;
    }
    if (err > worst)
      worst = err;
  }
  std::printf("silu: OK (%d values, largest relative error %.3g <= %.1g, seed %u)\n", n, worst,
              rel_bound, seed);
  return 0;
}
