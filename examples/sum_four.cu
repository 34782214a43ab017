// Runs seed kernel sum_four (sum_four.cuh: the sum of four inputs per thread)
// on random inputs and checks every output on the host. Argument: the random
// seed (default: a fresh one).
#include "sum_four.cuh"

#include "example_util.hpp"

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(256, seed);
  example::Buffer<float> A(256), B(64);
  A.upload(a);
  B.poison();
  sum_four<<<1, 64>>>(GlobalTensor<float, ShapeT<256>>{A.dev},
                      GlobalTensor<float, ShapeT<64>>{B.dev});
  example::sync_and_check("sum_four");
  std::vector<float> want(64);
  for (int t = 0; t < 64; ++t) {
    float total = 0.0f; // the same order of additions as the kernel: bit-exact
    for (int k = 0; k < 4; ++k)
      total += a[t * 4 + k];
    want[t] = total;
  }
  return example::expect_equal("sum_four", B.download(), want, seed);
}
