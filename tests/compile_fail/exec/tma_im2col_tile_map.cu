// Must not compile: an im2col load with a tile-mode map.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::load_im2col: the map must be a tirx::Im2colTensorMap (make_im2col_tensor_map on the host)}}
#include <tirx/tile.hpp>

namespace tma_im2col_tile_map {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape col = shape(32, 16);
using Map = tensor_map_t<float, col>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, col>();
  tma::load_im2col(tile, map, bar, 0, 0);
}
#else
constexpr Shape col = shape(32, 16);
using Map = im2col_tensor_map_t<float, 3, col>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, col>();
  tma::load_im2col(tile, map, bar, 0, 0, 0, 0);
}
#endif

} // namespace tma_im2col_tile_map
