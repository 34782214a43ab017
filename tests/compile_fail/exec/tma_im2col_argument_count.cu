// Must not compile: an NHWC im2col load without its two offsets.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::load_im2col: give the tensor's coordinates (n, [d,] h, w, c, outermost first) and then one im2col offset per spatial mode ([d,] h, w)}}
#include <tirx/tile.hpp>

namespace tma_im2col_argument_count {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape col = shape(32, 16);
using Map = im2col_tensor_map_t<float, 4, col>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, col>();
  tma::load_im2col(tile, map, bar, 0, -1, -1, 0);
}
#else
constexpr Shape col = shape(32, 16);
using Map = im2col_tensor_map_t<float, 4, col>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, col>();
  tma::load_im2col(tile, map, bar, 0, -1, -1, 0, 1, 1);
}
#endif

} // namespace tma_im2col_argument_count
