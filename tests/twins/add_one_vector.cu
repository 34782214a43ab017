// add_one_vector: one 16-byte load and store per thread through a Ramp.
#include <tirx/tile.hpp>

using namespace tirx;
using namespace tirx::literals;

// -- tirx (examples/add_one_vector.cu) ----------------------------------------
using Vec256 = GlobalTensor<float, ShapeT<256>, 16>;

__global__ void add_one_vector(Vec256 A, Vec256 B) {
  int tx = threadIdx.x;
  auto vector_value = A[ramp(tx * 4, 1_c, 4_c)];
  B[ramp(tx * 4, 1_c, 4_c)] = vector_value + 1.0f;
}

// -- plain CUDA ----------------------------------------------------------------
// The same element index as the seed's Ramp(tx * 4, 1, 4). Indexing float4s
// instead, reinterpret_cast<const float4*>(A)[tx], saves one shl.b32 in PTX
// (sext(tx) * 16 in place of sext(tx * 4) * 4); that is the choice of index,
// not tirx: this twin, written with the seed's index, compiles to the same
// PTX as the tirx kernel.
__global__ void add_one_vector_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  float4 v = *reinterpret_cast<const float4*>(A + tx * 4);
  *reinterpret_cast<float4*>(B + tx * 4) = make_float4(v.x + 1.0f, v.y + 1.0f, v.z + 1.0f, v.w + 1.0f);
}
