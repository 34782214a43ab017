// Must not compile: an im2col map of a 2-mode tensor (im2col needs N, a spatial mode and C).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::Im2colTensorMap: an im2col tensor has 3 to 5 modes (N, 1 to 3 spatial modes, C innermost); view a 2-D tensor with a spatial mode of extent 1}}
#include <tirx/tile.hpp>

namespace tma_im2col_rank {
using namespace tirx;

#ifndef TIRX_FIXED
using Map = im2col_tensor_map_t<float, 2, shape(32, 16)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
using Map = im2col_tensor_map_t<float, 3, shape(32, 16)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_im2col_rank
