// Runs seed kernel add_one_tile (add_one_tile.cuh: twelve floats per thread
// through a register tile, plus one) on random inputs and checks every output
// on the host. Argument: the random seed (default: a fresh one).
#include "add_one_tile.cuh"

#include "example_util.hpp"

int main(int argc, char** argv) {
  constexpr int n = 2 * 32 * 3 * 4; // 768
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(n, seed);
  example::Buffer<float> A(n), B(n);
  A.upload(a);
  B.poison();
  add_one_tile<<<1, 64>>>(Tile{A.dev}, Tile{B.dev});
  example::sync_and_check("add_one_tile");
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i)
    want[i] = a[i] + 1.0f; // add.f32 rounds to nearest: bit-exact
  return example::expect_equal("add_one_tile", B.download(), want, seed);
}
