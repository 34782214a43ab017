// Must not compile: warp_reduce of a 16-bit value.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::warp_reduce: shuffles move 32- or 64-bit values}}
#include <tirx/tile.hpp>

namespace warp_reduce_width {

__global__ void kernel(short* out) {
#ifdef TIRX_FIXED
  out[threadIdx.x] = static_cast<short>(
      tirx::warp_reduce([](int a, int b) { return a + b; }, int{out[threadIdx.x]}));
#else
  out[threadIdx.x] = tirx::warp_reduce([](short a, short b) { return static_cast<short>(a + b); },
                                       out[threadIdx.x]);
#endif
}

} // namespace warp_reduce_width
