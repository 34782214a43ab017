// Must not compile: coord_map with a second tile of another layout (an mma.sync fragment beside a
// wgmma accumulator); the second tile has the first's layout. With -DTIRX_FIXED it compiles: the
// fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::coord_map: the second tile must be a register tile of the first's shape and layout (alloc_like<T>(first))}}
#include <tirx/exec/fragment.hpp>
#include <tirx/tile.hpp>

namespace fragment_coord_map_second {
using namespace tirx;

__global__ void kernel(float* out) {
  auto dp = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r - c); }, dp);
#ifdef TIRX_FIXED
  auto p = alloc_wgmma_accumulator<float, 64>();
#else
  auto p = alloc_wgmma_accumulator<float, 32>();
#endif
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, p);
  coord_map([](float x, float y, int, int) { return x * y; }, dp, p);
  out[threadIdx.x] = dp.data()[0];
}

} // namespace fragment_coord_map_second
