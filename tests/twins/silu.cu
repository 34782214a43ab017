// SiLU: ld.global.v4, x / (1 + __expf(-x)) four times, st.global.v4.
#include <tirx/tile.hpp>

using namespace tirx;

// -- tirx (examples/silu.cu) --------------------------------------------------
constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__device__ float silu(float value) { return value / (1.0f + __expf(-value)); }

__global__ void apply_silu(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::ewise(silu, registers, registers, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

// -- plain CUDA ----------------------------------------------------------------
__global__ void apply_silu_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  float4 v = reinterpret_cast<const float4*>(A)[tx];
  v.x = silu(v.x);
  v.y = silu(v.y);
  v.z = silu(v.z);
  v.w = silu(v.w);
  reinterpret_cast<float4*>(B)[tx] = v;
}
