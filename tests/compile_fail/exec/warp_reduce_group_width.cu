// Must not compile: warp_reduce over groups of 12 lanes; the groups are the
// butterfly shuffles' power-of-two segments of a warp.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::warp_reduce: the group width must be a power of two from 1 to 32 lanes (1, 2, 4, 8, 16, 32); round it up and pad with the identity}}
#include <tirx/tile.hpp>

namespace warp_reduce_group_width {

__global__ void kernel(unsigned* out) {
#ifdef TIRX_FIXED
  out[threadIdx.x] =
      tirx::warp_reduce<16>([](unsigned a, unsigned b) { return a + b; }, out[threadIdx.x]);
#else
  out[threadIdx.x] =
      tirx::warp_reduce<12>([](unsigned a, unsigned b) { return a + b; }, out[threadIdx.x]);
#endif
}

} // namespace warp_reduce_group_width
