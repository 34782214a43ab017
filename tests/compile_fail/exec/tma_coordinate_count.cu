// Must not compile: a 2d box copied with one coordinate.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma: give one coordinate per box mode, outermost first, as the tensor's shape}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_coordinate_count {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, box>();
  tma::load(tile, map, bar, 7);
}
#else
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, box>();
  tma::load(tile, map, bar, 7, 0);
}
#endif

} // namespace tma_coordinate_count
