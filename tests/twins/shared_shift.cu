// shared_shift: stage in static shared memory, barrier, read the neighbour.
#include <tirx/tile.hpp>

using namespace tirx;

// -- tirx (examples/shared_shift.cu) ------------------------------------------
using Vec128 = GlobalTensor<float, ShapeT<128>>;

__global__ void shared_shift(Vec128 A, Vec128 B) {
  int tx = threadIdx.x;
  auto shared = alloc_shared<float, shape(128)>();
  shared(tx) = A(tx);
  __syncthreads();
  B(tx) = shared((tx + 1) % 128);
}

// -- plain CUDA ----------------------------------------------------------------
__global__ void shared_shift_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  __shared__ float shared[128];
  shared[tx] = A[tx];
  __syncthreads();
  B[tx] = shared[(tx + 1) % 128];
}
