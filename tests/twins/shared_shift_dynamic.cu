// shared_shift_dynamic: the same through dynamic shared memory (SMEMPool).
// tirx: the seed kernel itself, from its one copy in examples/shared_shift_dynamic.cuh.
#include "../../examples/shared_shift_dynamic.cuh"

// -- plain CUDA ----------------------------------------------------------------
__global__ void shared_shift_dynamic_twin(const float* A, float* B) {
  unsigned tx = threadIdx.x;        // unsigned: the % below is one AND
  extern __shared__ float shared[]; // launched with 512 bytes
  shared[tx] = A[tx];
  __syncthreads();
  B[tx] = shared[(tx + 1) % 128];
}
