// Must not compile: a TMA load into a shared tile whose layout is not the map's (unswizzled tile,
// 128-byte swizzled map). With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::load: the shared tile's layout is not the map's SmemLayout; allocate it with Map::smem_layout() (Map::smem_tensor<>)}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_load_layout {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(64, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, row_major(box), 1024>();
  tma::load(tile, map, bar, 0, 0);
}
#else
constexpr Shape box = shape(64, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, lay, 1024>();
  tma::load(tile, map, bar, 0, 0);
}
#endif

} // namespace tma_load_layout
