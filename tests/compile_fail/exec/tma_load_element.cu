// Must not compile: a TMA load of a bf16 map into a half tile.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::load: the shared tile's element type differs from the map's; allocate the tile with the map's element type (Map::element_type)}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_load_element {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<bfloat16, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<half, box>();
  tma::load(tile, map, bar, 0, 0);
}
#else
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<bfloat16, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box>();
  tma::load(tile, map, bar, 0, 0);
}
#endif

} // namespace tma_load_element
