// Must not compile: a TMA load into a sub-tile that starts inside a swizzle atom (rows 4..67 of
// a 128-byte swizzled tile: 512 bytes in, the atom is 1024). With -DTIRX_FIXED it compiles (rows
// 8..71, one atom in; test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::load: the sub-tile starts inside a swizzle atom (its offset is not a multiple of Map::smem_align bytes: 1024 for b128, 8 rows of 128 bytes); start it on an atom}}
#include <tirx/exec/tma.hpp>
#include <tirx/tile.hpp>

namespace tma_load_subtile_atom {
using namespace tirx;

constexpr Shape box = shape(64, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
constexpr Shape whole = shape(128, 64);
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto pool = SMEMPool::dynamic();
  auto tile =
      pool.alloc<bfloat16, whole, row_major(whole) ^ swizzle_for(SwizzleMode::b128, 2), 1024>();
#ifndef TIRX_FIXED
  tma::load(tile.sub(range<4, 68>, _), map, bar, 0, 0);
#else
  tma::load(tile.sub(range<8, 72>, _), map, bar, 0, 0);
#endif
}

} // namespace tma_load_subtile_atom
