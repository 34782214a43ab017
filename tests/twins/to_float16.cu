// to_float16: ld.global.v4, four cvt.rn.f16.f32, st.global.v4.b16.
#include <tirx/tile.hpp>

#include <cuda_fp16.h>

using namespace tirx;

// -- tirx (examples/to_float16.cu) --------------------------------------------
constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void to_float16(GlobalTensor<float, ShapeT<2, 32, 4>, 16> A,
                           GlobalTensor<half, ShapeT<2, 32, 4>, 8> B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  auto converted = alloc_local<half, shape(2, 32, 4), register_layout>();
  auto words = converted.view<uint16>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"cvt.rn.f16.f32">>(words.view<2, 32, 4, 1>(), registers.view<2, 32, 4, 1>(), scope::cta);
  tile::apply<ptx<"st.global.v4.b16">>(B.view<uint16>(), words, scope::cta);
}

// -- plain CUDA ----------------------------------------------------------------
__global__ void to_float16_twin(const float* A, __half* B) {
  int tx = threadIdx.x;
  float4 v = reinterpret_cast<const float4*>(A)[tx];
  ushort4 h = make_ushort4(__half_as_ushort(__float2half_rn(v.x)), __half_as_ushort(__float2half_rn(v.y)),
                           __half_as_ushort(__float2half_rn(v.z)), __half_as_ushort(__float2half_rn(v.w)));
  reinterpret_cast<ushort4*>(B)[tx] = h;
}
