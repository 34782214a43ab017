// Must not compile: a column of 2048 pixels (im2col columns have at most 1024).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::Im2colTensorMap: pixels per column (the box's first extent) must lie in 1..1024; load a longer column with several boxes}}
#include <tirx/tile.hpp>

namespace tma_im2col_pixels {
using namespace tirx;

#ifndef TIRX_FIXED
using Map = im2col_tensor_map_t<float, 4, shape(2048, 4)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
using Map = im2col_tensor_map_t<float, 4, shape(1024, 4)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_im2col_pixels
