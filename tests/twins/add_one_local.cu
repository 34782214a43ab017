// add_one_local: four scalar loads into a per-thread array, four stores.
#include <tirx/tile.hpp>

using namespace tirx;

// -- tirx (examples/add_one_local.cu) -----------------------------------------
using Vec256 = GlobalTensor<float, ShapeT<256>>;

__global__ void add_one_local(Vec256 A, Vec256 B) {
  int tx = threadIdx.x;
  auto values = alloc_local<float, shape(4)>();
#pragma unroll
  for (int k = 0; k < 4; ++k) values(k) = A(tx * 4 + k);
#pragma unroll
  for (int k = 0; k < 4; ++k) B(tx * 4 + k) = values(k) + 1.0f;
}

// -- plain CUDA ----------------------------------------------------------------
__global__ void add_one_local_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  float values[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) values[k] = A[tx * 4 + k];
#pragma unroll
  for (int k = 0; k < 4; ++k) B[tx * 4 + k] = values[k] + 1.0f;
}
