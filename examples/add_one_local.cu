// Seed kernel add_one_local: each thread keeps four inputs in a per-thread
// local tensor (registers, since every index is static after unrolling).
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;

using Vec256 = GlobalTensor<float, ShapeT<256>>;

__global__ void add_one_local(Vec256 A, Vec256 B) {
  int tx = threadIdx.x;
  auto values = alloc_local<float, shape(4)>();
#pragma unroll
  for (int k = 0; k < 4; ++k) values(k) = A(tx * 4 + k);
#pragma unroll
  for (int k = 0; k < 4; ++k) B(tx * 4 + k) = values(k) + 1.0f;
}

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(256, seed);
  example::Buffer<float> A(256), B(256);
  A.upload(a);
  B.poison();
  add_one_local<<<1, 64>>>(Vec256{A.dev}, Vec256{B.dev});
  example::sync_and_check("add_one_local");
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) want[i] = a[i] + 1.0f;
  return example::expect_equal("add_one_local", B.download(), want, seed);
}
