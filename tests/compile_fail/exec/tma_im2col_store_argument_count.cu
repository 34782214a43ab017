// Must not compile: an NHWC im2col store given offsets, as a load takes them.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::store_im2col: give the tensor's coordinates (n, [d,] h, w, c, outermost first) and no im2col offsets (the im2col_no_offs mode has none)}}
#include <tirx/tile.hpp>

namespace tma_im2col_store_argument_count {
using namespace tirx;

constexpr Shape col = shape(32, 16);
using Map = im2col_tensor_map_t<float, 4, col>;
__global__ void kernel(const __grid_constant__ Map map) {
  auto tile = SMEMPool::dynamic().alloc<float, col>();
#ifndef TIRX_FIXED
  tma::store_im2col(map, tile, 0, 1, 1, 0, 1, 1);
#else
  tma::store_im2col(map, tile, 0, 1, 1, 0);
#endif
}

} // namespace tma_im2col_store_argument_count
