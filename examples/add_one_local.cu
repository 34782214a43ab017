// Runs seed kernel add_one_local (add_one_local.cuh: four inputs per thread
// through a local tensor, plus one) on random inputs and checks every output on
// the host. Argument: the random seed (default: a fresh one).
#include "add_one_local.cuh"

#include "example_util.hpp"

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(256, seed);
  example::Buffer<float> A(256), B(256);
  A.upload(a);
  B.poison();
  add_one_local<<<1, 64>>>(Vec256{A.dev}, Vec256{B.dev});
  example::sync_and_check("add_one_local");
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i)
    want[i] = a[i] + 1.0f;
  return example::expect_equal("add_one_local", B.download(), want, seed);
}
