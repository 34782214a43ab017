// Seed kernel shared_shift_dynamic: the shared tensor comes from an SMEMPool
// over dynamic shared memory. The same plan runs in the kernel (carving the
// memory) and at compile time on the host (counting the bytes to launch with).
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;

using Vec128 = GlobalTensor<float, ShapeT<128>>;

TIRX_HD constexpr auto shift_smem(SMEMPool& pool) {
  auto shared = pool.alloc<float, shape(128)>();
  pool.commit();
  return shared;
}
constexpr auto shift_smem_bytes = smem_bytes(shift_smem);
static_assert(shift_smem_bytes == 128 * 4);

__global__ void shared_shift_dynamic(Vec128 A, Vec128 B) {
  int tx = threadIdx.x;
  auto pool = SMEMPool::dynamic();
  auto shared = shift_smem(pool);
  shared(tx) = A(tx);
  __syncthreads();
  B(tx) = shared((tx + 1) % 128);
}

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(128, seed);
  example::Buffer<float> A(128), B(128);
  A.upload(a);
  B.poison();
  shared_shift_dynamic<<<1, 128, shift_smem_bytes>>>(Vec128{A.dev}, Vec128{B.dev});
  example::sync_and_check("shared_shift_dynamic");
  std::vector<float> want(128);
  for (int i = 0; i < 128; ++i) want[i] = a[(i + 1) % 128];
  return example::expect_equal("shared_shift_dynamic", B.download(), want, seed);
}
