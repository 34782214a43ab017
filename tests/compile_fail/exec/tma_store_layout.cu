// Must not compile: a TMA store from a 64-byte swizzled tile with a 128-byte swizzled map.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::store: the shared tile's layout is not the map's SmemLayout; stage the data in a tile of Map::smem_layout() (Map::smem_tensor<>)}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_store_layout {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(8, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, shape(8, 64),
                         row_major(shape(8, 64)) ^ swizzle_for(SwizzleMode::b64, 2), 1024>();
  tma::store(map, tile, 0, 0);
}
#else
constexpr Shape box = shape(8, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, shape(8, 64), lay, 1024>();
  tma::store(map, tile, 0, 0);
}
#endif

} // namespace tma_store_layout
