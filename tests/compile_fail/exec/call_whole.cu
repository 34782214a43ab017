// Must not compile: mma.sync, which works on a warp's whole fragments, on scalars.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: this instruction works on whole fragments of a warp or warpgroup (wgmma, mma.sync, ldmatrix, tcgen05, ...); call tile::apply on the fragments}}
#include <tirx/tile.hpp>

namespace call_whole {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  float d = 0.0f, a = in[threadIdx.x];
#ifdef TIRX_FIXED
  ptx_call<"fma.rn.f32">(d, a, a, d);
#else
  ptx_call<"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32">(d, a, a, d);
#endif
  out[threadIdx.x] = d;
}

} // namespace call_whole
