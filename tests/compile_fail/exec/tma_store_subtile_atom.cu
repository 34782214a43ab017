// Must not compile: a TMA store from rows 8..23 of an unswizzled float tile whose rows are 64
// bytes (512 bytes in: fine), then from rows 1..16 (64 bytes in: not on the 128-byte atom). With
// -DTIRX_FIXED it compiles (rows 2..17, 128 bytes in; test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::store: the sub-tile starts inside a swizzle atom (its offset is not a multiple of Map::smem_align bytes: 1024 for b128, 8 rows of 128 bytes); start it on an atom}}
#include <tirx/exec/tma.hpp>
#include <tirx/tile.hpp>

namespace tma_store_subtile_atom {
using namespace tirx;

constexpr Shape box = shape(16, 16);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<float, shape(32, 16), row_major(shape(32, 16)), 128>();
  tma::store(map, tile.sub(range<8, 24>, _), 0, 0);
#ifndef TIRX_FIXED
  tma::store(map, tile.sub(range<1, 17>, _), 16, 0);
#else
  tma::store(map, tile.sub(range<2, 18>, _), 16, 0);
#endif
}

} // namespace tma_store_subtile_atom
