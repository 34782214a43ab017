// affine_relu: ld.global.v4, four fma.rn.f32 and max.f32, st.global.v4.
#include <tirx/tile.hpp>

using namespace tirx;

// -- tirx (examples/affine_relu.cu) -------------------------------------------
constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void affine_relu(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  auto scalars = registers.view<2, 32, 4, 1>();
  tile::apply<ptx<"fma.rn.f32">>(scalars, scalars, 2.0f, 1.0f, scope::cta);
  tile::apply<ptx<"max.f32">>(scalars, scalars, 0.0f, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

// -- plain CUDA ----------------------------------------------------------------
__device__ float affine_relu_scalar(float x) { return fmaxf(__fmaf_rn(x, 2.0f, 1.0f), 0.0f); }

__global__ void affine_relu_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  float4 v = reinterpret_cast<const float4*>(A)[tx];
  v.x = affine_relu_scalar(v.x);
  v.y = affine_relu_scalar(v.y);
  v.z = affine_relu_scalar(v.z);
  v.w = affine_relu_scalar(v.w);
  reinterpret_cast<float4*>(B)[tx] = v;
}
