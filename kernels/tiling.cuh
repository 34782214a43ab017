// The tiling the streaming kernels share (kernels/elementwise.cuh, rows.cuh)
// and the tuning programs vary (benchmarks/tune_*.cu): a CTA of W warps
// takes a tile of W x 32 x R vectors of V elements; thread (warp w, lane l)
// holds R vectors, repeat r at element (r * 32W + 32w + l) * V of the tile,
// so each repeat is one coalesced sweep of the CTA.
#pragma once

#include <tirx/tile.hpp>

namespace tirx_kernels::stream {
using namespace tirx;

inline constexpr int warps = 8;
inline constexpr int threads = warps * 32;
inline constexpr int repeats = 1;

/// Elements of one tile: W warps of R vectors of V elements per thread.
template <int V, int R = repeats, int W = warps>
inline constexpr index_t tile_elems = index_t{W} * 32 * R* V;

/// A register tile: (warp, lane, repeat, vector element); each thread holds
/// R x V values, the V of one vector in consecutive registers.
template <class T, int V, int R = repeats, int W = warps>
__device__ TIRX_FORCEINLINE auto registers() {
  constexpr TileLayout layout = S({W, 32, R, V}, {1 * warpid, 1 * laneid, V, 1});
  return alloc_local<T, shape(W, 32, R, V), layout>();
}

/// A tile's memory in the register tile's order: (warp, lane, repeat, element).
template <int V, int R = repeats, int W = warps, class Tile>
__device__ TIRX_FORCEINLINE auto by_thread(const Tile& t) {
  return t.template view<R, W, 32, V>().template permute<1, 2, 0, 3>();
}

/// Grid size for `tiles` tiles: one tile per CTA (grid_stride covers more).
inline unsigned grid_for(long long tiles) {
  constexpr long long most = 1LL << 30;
  return static_cast<unsigned>(tiles < most ? tiles : most);
}

} // namespace tirx_kernels::stream
