// to_float16: ld.global.v4, four cvt.rn.f16.f32, st.global.v4.b16.
// tirx: the seed kernel itself, from its one copy in examples/to_float16.cuh.
#include "../../examples/to_float16.cuh"

// -- plain CUDA ----------------------------------------------------------------
__global__ void to_float16_twin(const float* A, __half* B) {
  int tx = threadIdx.x;
  float4 v = reinterpret_cast<const float4*>(A)[tx];
  ushort4 h =
      make_ushort4(__half_as_ushort(__float2half_rn(v.x)), __half_as_ushort(__float2half_rn(v.y)),
                   __half_as_ushort(__float2half_rn(v.z)), __half_as_ushort(__float2half_rn(v.w)));
  reinterpret_cast<ushort4*>(B)[tx] = h;
}
