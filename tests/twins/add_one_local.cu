// add_one_local: four scalar loads into a per-thread array, four stores.
// tirx: the seed kernel itself, from its one copy in examples/add_one_local.cuh.
#include "../../examples/add_one_local.cuh"

// -- plain CUDA ----------------------------------------------------------------
__global__ void add_one_local_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  float values[4];
#pragma unroll
  for (int k = 0; k < 4; ++k)
    values[k] = A[tx * 4 + k];
#pragma unroll
  for (int k = 0; k < 4; ++k)
    B[tx * 4 + k] = values[k] + 1.0f;
}
