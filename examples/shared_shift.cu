// Seed kernel shared_shift: each thread stages one value in a static shared
// tensor, the block synchronizes, and each thread reads its neighbour's.
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;

using Vec128 = GlobalTensor<float, ShapeT<128>>;

__global__ void shared_shift(Vec128 A, Vec128 B) {
  int tx = threadIdx.x;
  auto shared = alloc_shared<float, shape(128)>();
  shared(tx) = A(tx);
  __syncthreads(); // cta_sync: the writes are visible before the neighbour reads
  B(tx) = shared((tx + 1) % 128);
}

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(128, seed);
  example::Buffer<float> A(128), B(128);
  A.upload(a);
  B.poison();
  shared_shift<<<1, 128>>>(Vec128{A.dev}, Vec128{B.dev});
  example::sync_and_check("shared_shift");
  std::vector<float> want(128);
  for (int i = 0; i < 128; ++i) want[i] = a[(i + 1) % 128];
  return example::expect_equal("shared_shift", B.download(), want, seed);
}
