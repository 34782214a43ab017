// add_one_vector: one 16-byte load and store per thread through a Ramp.
// tirx: the seed kernel itself, from its one copy in examples/add_one_vector.cuh.
#include "../../examples/add_one_vector.cuh"

// -- plain CUDA ----------------------------------------------------------------
// The same element index as the seed's Ramp(tx * 4, 1, 4). Indexing float4s
// instead, reinterpret_cast<const float4*>(A)[tx], saves one shl.b32 in PTX
// (sext(tx) * 16 in place of sext(tx * 4) * 4); that is the choice of index,
// not tirx: this twin, written with the seed's index, compiles to the same
// PTX as the tirx kernel.
__global__ void add_one_vector_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  float4 v = *reinterpret_cast<const float4*>(A + tx * 4);
  *reinterpret_cast<float4*>(B + tx * 4) =
      make_float4(v.x + 1.0f, v.y + 1.0f, v.z + 1.0f, v.w + 1.0f);
}
