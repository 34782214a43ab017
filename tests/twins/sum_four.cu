// sum_four: a let base index and a mutable scalar accumulator.
#include <tirx/tile.hpp>

using namespace tirx;

// -- tirx (examples/sum_four.cu) ----------------------------------------------
__global__ void sum_four(GlobalTensor<float, ShapeT<256>> A, GlobalTensor<float, ShapeT<64>> B) {
  int tx = threadIdx.x;
  let<int> base = tx * 4;
  scalar<float> total = 0.0f;
  for (int k = 0; k < 4; ++k) total += A(base + k);
  B(tx) = total;
}

// -- plain CUDA ----------------------------------------------------------------
__global__ void sum_four_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  int base = tx * 4;
  float total = 0.0f;
  for (int k = 0; k < 4; ++k) total += A[base + k];
  B[tx] = total;
}
