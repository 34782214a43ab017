// add_one_tile: three ld.global.v4 / add / st.global.v4 per thread.
// tirx: the seed kernel itself, from its one copy in examples/add_one_tile.cuh.
#include "../../examples/add_one_tile.cuh"

// -- plain CUDA ----------------------------------------------------------------
__global__ void add_one_tile_twin(const float* A, float* B) {
  int tx = threadIdx.x; // thread tx owns floats [12*tx, 12*tx + 12)
  const float4* a = reinterpret_cast<const float4*>(A) + tx * 3;
  float4* b = reinterpret_cast<float4*>(B) + tx * 3;
  float4 v[3];
#pragma unroll
  for (int r = 0; r < 3; ++r)
    v[r] = a[r];
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    v[r].x += 1.0f;
    v[r].y += 1.0f;
    v[r].z += 1.0f;
    v[r].w += 1.0f;
  }
#pragma unroll
  for (int r = 0; r < 3; ++r)
    b[r] = v[r];
}
