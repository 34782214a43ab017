// Runs seed kernel shared_shift (shared_shift.cuh: each thread reads its
// neighbour's value through static shared memory) on random inputs and checks
// every output on the host. Argument: the random seed (default: a fresh one).
#include "shared_shift.cuh"

#include "example_util.hpp"

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(128, seed);
  example::Buffer<float> A(128), B(128);
  A.upload(a);
  B.poison();
  shared_shift<<<1, 128>>>(Vec128{A.dev}, Vec128{B.dev});
  example::sync_and_check("shared_shift");
  std::vector<float> want(128);
  for (int i = 0; i < 128; ++i)
    want[i] = a[(i + 1) % 128];
  return example::expect_equal("shared_shift", B.download(), want, seed);
}
