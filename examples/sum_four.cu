// Seed kernel sum_four: an immutable `let` base index and a mutable scalar
// accumulator (a one-element local tensor) sum four inputs per thread.
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;

__global__ void sum_four(GlobalTensor<float, ShapeT<256>> A, GlobalTensor<float, ShapeT<64>> B) {
  int tx = threadIdx.x;
  let<int> base = tx * 4;
  scalar<float> total = 0.0f;
  for (int k = 0; k < 4; ++k) total += A(base + k);
  B(tx) = total;
}

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(256, seed);
  example::Buffer<float> A(256), B(64);
  A.upload(a);
  B.poison();
  sum_four<<<1, 64>>>(GlobalTensor<float, ShapeT<256>>{A.dev}, GlobalTensor<float, ShapeT<64>>{B.dev});
  example::sync_and_check("sum_four");
  std::vector<float> want(64);
  for (int t = 0; t < 64; ++t) {
    float total = 0.0f; // the same order of additions as the kernel: bit-exact
    for (int k = 0; k < 4; ++k) total += a[t * 4 + k];
    want[t] = total;
  }
  return example::expect_equal("sum_four", B.download(), want, seed);
}
