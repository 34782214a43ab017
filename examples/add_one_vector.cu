// Seed kernel add_one_vector: each of 64 threads reads four consecutive
// floats with one 16-byte load (a Ramp of base 4*tx, stride 1, 4 lanes),
// adds one, and writes them back the same way.
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;
using namespace tirx::literals;

using Vec256 = GlobalTensor<float, ShapeT<256>, 16>; // align=16

__global__ void add_one_vector(Vec256 A, Vec256 B) {
  int tx = threadIdx.x;
  auto vector_value = A[ramp(tx * 4, 1_c, 4_c)]; // vec<float, 4>: one ld.global.v4
  B[ramp(tx * 4, 1_c, 4_c)] = vector_value + 1.0f;
}

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(256, seed);
  example::Buffer<float> A(256), B(256);
  A.upload(a);
  B.poison();
  add_one_vector<<<1, 64>>>(Vec256{A.dev}, Vec256{B.dev});
  example::sync_and_check("add_one_vector");
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) want[i] = a[i] + 1.0f;
  return example::expect_equal("add_one_vector", B.download(), want, seed);
}
