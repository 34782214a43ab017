// Must not compile: cluster_reduce of a 64-bit value (the exchange moves
// 32-bit words). With -DTIRX_FIXED it compiles: the fix (test
// compile_fail.nvcc.fixed).
// expected-error {{tirx::cluster_reduce: the value must be a 32-bit word (float, int, unsigned)}}
#include <tirx/tile.hpp>

namespace cluster_reduce_type {

__global__ void kernel(double* out) {
#ifdef TIRX_FIXED
  __shared__ float scratch[4 + 2];
  auto plus = [](float a, float b) { return a + b; };
  out[threadIdx.x] = tirx::cluster_reduce<2, 4>(plus, 1.0f, scratch); // reduce in float
#else
  __shared__ double scratch[4 + 2];
  auto plus = [](double a, double b) { return a + b; };
  out[threadIdx.x] = tirx::cluster_reduce<2, 4>(plus, 1.0, scratch);
#endif
}

} // namespace cluster_reduce_type
