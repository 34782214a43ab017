// shared_shift: stage in static shared memory, barrier, read the neighbour.
// tirx: the seed kernel itself, from its one copy in examples/shared_shift.cuh.
#include "../../examples/shared_shift.cuh"

// -- plain CUDA ----------------------------------------------------------------
__global__ void shared_shift_twin(const float* A, float* B) {
  unsigned tx = threadIdx.x; // unsigned: the % below is one AND
  __shared__ float shared[128];
  shared[tx] = A[tx];
  __syncthreads();
  B[tx] = shared[(tx + 1) % 128];
}
