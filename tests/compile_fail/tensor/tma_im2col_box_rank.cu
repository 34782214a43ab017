// Must not compile: an im2col box of three modes (it is (pixels, channels)).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::Im2colTensorMap: the box has 2 modes, (pixels per column, channels per pixel); write shape(pixels, channels)}}
#include <tirx/tile.hpp>

namespace tma_im2col_box_rank {
using namespace tirx;

#ifndef TIRX_FIXED
using Map = im2col_tensor_map_t<float, 4, shape(2, 32, 16)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
using Map = im2col_tensor_map_t<float, 4, shape(64, 16)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_im2col_box_rank
