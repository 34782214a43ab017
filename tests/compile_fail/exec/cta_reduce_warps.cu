// Must not compile: cta_reduce over 3 warps (not a power of two).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::cta_reduce: Warps must be a power of two from 1 to 32}}
#include <tirx/tile.hpp>

namespace cta_reduce_warps {

__global__ void kernel(float* out) {
  __shared__ float scratch[4];
  auto plus = [](float a, float b) { return a + b; };
#ifdef TIRX_FIXED
  out[threadIdx.x] = tirx::cta_reduce<4>(plus, 1.0f, scratch); // launch 4 warps
#else
  out[threadIdx.x] = tirx::cta_reduce<3>(plus, 1.0f, scratch);
#endif
}

} // namespace cta_reduce_warps
