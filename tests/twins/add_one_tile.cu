// add_one_tile: three ld.global.v4 / add / st.global.v4 per thread.
#include <tirx/tile.hpp>

using namespace tirx;

// -- tirx (examples/add_one_tile.cu) ------------------------------------------
constexpr TileLayout register_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

__device__ float plus_one(float value) { return value + 1.0f; }

using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void add_one_tile(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::ewise(plus_one, registers, registers, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

// -- plain CUDA ----------------------------------------------------------------
__global__ void add_one_tile_twin(const float* A, float* B) {
  int tx = threadIdx.x; // thread tx owns floats [12*tx, 12*tx + 12)
  const float4* a = reinterpret_cast<const float4*>(A) + tx * 3;
  float4* b = reinterpret_cast<float4*>(B) + tx * 3;
  float4 v[3];
#pragma unroll
  for (int r = 0; r < 3; ++r) v[r] = a[r];
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    v[r].x += 1.0f;
    v[r].y += 1.0f;
    v[r].z += 1.0f;
    v[r].w += 1.0f;
  }
#pragma unroll
  for (int r = 0; r < 3; ++r) b[r] = v[r];
}
