// sum_four: a let base index and a mutable scalar accumulator.
// tirx: the seed kernel itself, from its one copy in examples/sum_four.cuh.
#include "../../examples/sum_four.cuh"

// -- plain CUDA ----------------------------------------------------------------
__global__ void sum_four_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  int base = tx * 4;
  float total = 0.0f;
  for (int k = 0; k < 4; ++k)
    total += A[base + k];
  B[tx] = total;
}
