// Must not compile: cluster_reduce over clusters of 3 CTAs (not a power of two).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::cluster_reduce: Ctas must be a power of two from 1 to 16 (the cluster size)}}
#include <tirx/tile.hpp>

namespace cluster_reduce_ctas {

__global__ void kernel(float* out) {
  __shared__ float scratch[4 + 4];
  auto plus = [](float a, float b) { return a + b; };
#ifdef TIRX_FIXED
  out[threadIdx.x] = tirx::cluster_reduce<4, 4>(plus, 1.0f, scratch); // launch clusters of 4
#else
  out[threadIdx.x] = tirx::cluster_reduce<3, 4>(plus, 1.0f, scratch);
#endif
}

} // namespace cluster_reduce_ctas
