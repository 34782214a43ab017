// shared_shift_dynamic: the same through dynamic shared memory (SMEMPool).
#include <tirx/tile.hpp>

using namespace tirx;

// -- tirx (examples/shared_shift_dynamic.cu) ----------------------------------
using Vec128 = GlobalTensor<float, ShapeT<128>>;

TIRX_HD constexpr auto shift_smem(SMEMPool& pool) {
  auto shared = pool.alloc<float, shape(128)>();
  pool.commit();
  return shared;
}

__global__ void shared_shift_dynamic(Vec128 A, Vec128 B) {
  int tx = threadIdx.x;
  auto pool = SMEMPool::dynamic();
  auto shared = shift_smem(pool);
  shared(tx) = A(tx);
  __syncthreads();
  B(tx) = shared((tx + 1) % 128);
}

// -- plain CUDA ----------------------------------------------------------------
__global__ void shared_shift_dynamic_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  extern __shared__ float shared[]; // launched with 512 bytes
  shared[tx] = A[tx];
  __syncthreads();
  B[tx] = shared[(tx + 1) % 128];
}
