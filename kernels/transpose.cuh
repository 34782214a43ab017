// Transpose through shared memory. A CTA of 8 warps moves a 64 x 64 tile of
// x into a 64 x 64 tile of y:
//   1. warp w loads rows w, w + 8, ..., w + 56 of the tile, lane l columns
//      l and l + 32: 16 coalesced 128-byte loads per thread, all in flight;
//   2. it stores them into a shared tile padded to 65 floats per row
//      (layout S[(64, 64) : (65, 1)]): element (r, c) is in bank
//      (r + c) mod 32, so a row (fixed r, 32 consecutive c) and a column
//      (fixed c, 32 consecutive r) both touch 32 distinct banks;
//   3. after a barrier, warp w reads columns w, w + 8, ..., w + 56 of the
//      shared tile (the transposed view), lane l rows l and l + 32;
//   4. and stores them as rows of y, coalesced.
// transpose_swizzled runs the same kernel over an unpadded shared tile with
// an XOR swizzle (swizzled_layout), also conflict-free: only the shared
// tile's layout changes. records/benchmarks.md compares the two.
// The row stride of x and y is a run-time value, so the global side works
// row by row (GridTile2D::row); only a tile with a ragged edge is bounded
// (per row), whole tiles take the unbounded path. A 2-D grid (column tiles
// by row tiles) spares the tile index a 64-bit division.
#pragma once

#include "elementwise.cuh"

namespace tirx_kernels {

namespace transpose_detail {
using namespace tirx;

inline constexpr int warps = 8, threads = warps * 32;
inline constexpr index_t tile = 64;               // rows and columns of a tile
inline constexpr index_t per_warp = tile / warps; // 8 rows of x (and of y) per warp

/// The shared tile: (row, column) of x's tile, rows padded to 65 floats.
inline constexpr TileLayout shared_layout = S({tile, tile}, {tile + 1, 1});

/// The same tile unpadded, 64 floats per row, with an XOR swizzle: element
/// (r, c) is stored at r * 64 + (c ^ (r mod 32)) (Swizzle{5, 0, 6}: bits 6..10
/// of the offset, r mod 32, XORed into bits 0..4), in bank (r ^ c) mod 32:
/// a row and a column each touch 32 distinct banks too.
inline constexpr TileLayout swizzled_layout = S({tile, tile}, {tile, 1}) ^ Swizzle { 5, 0, 6 };

// (a bool, not the TileLayout itself, as the kernel's template parameter:
// nvcc's host stubs cannot spell a class-type template argument of a
// __global__ function when it compiles for more than one architecture)
template <bool Swizzled>
__global__ void __launch_bounds__(threads)
    transpose_kernel(GridTensor<const float, 2> x, GridTensor<float, 2> y) {
  constexpr TileLayout layout = Swizzled ? swizzled_layout : shared_layout;
  auto staged = alloc_shared<float, shape(tile, tile), layout>();
  // (warp, lane, i, h): row w + 8i, column l + 32h of the tile: x's element
  // on the way in, y's on the way out (the same shape both ways)
  constexpr TileLayout regs_layout = S({warps, 32, per_warp, 2}, {1 * warpid, 1 * laneid, 2, 1});
  auto regs = alloc_local<float, shape(warps, 32, per_warp, 2), regs_layout>();
  // the same registers seen by one warp (warp scope has no warp mode)
  constexpr TileLayout warp_layout = S({32, per_warp, 2}, {1 * laneid, 2, 1});
  auto mine = decl_tensor<
      Tensor<float, ShapeT<32, per_warp, 2>, MemScope::local, 4, layout_type<warp_layout>>>(
      regs.data());
  const long long warp = threadIdx.x / 32; // (64-bit: row addresses are warp * ld + constants)
  // shared (row, column) as (w, l, i, h) with row w + 8i, column l + 32h ...
  auto by_row = staged.template view<per_warp, warps, 2, 32>().template permute<1, 3, 0, 2>();
  // ... and transposed: (w, l, i, h) is row l + 32h, column w + 8i
  auto by_col = staged.template permute<1, 0>()
                    .template view<per_warp, warps, 2, 32>()
                    .template permute<1, 3, 0, 2>();

  // calls f(i, lanes, bound...) for the eight rows w + 8i of a tile this
  // warp moves, lanes being the row as (lane l, half h): column l + 32h.
  // Bounded only when the tile has a ragged edge: inside the matrix every
  // row is whole, and the unbounded apply is plain loads and stores at
  // constant offsets.
  auto each_row = [&](const auto& t, bool full, auto f) {
    auto rows = [&](auto bounded) {
      [&]<index_t... I>(cuda::std::integer_sequence<index_t, I...>) {
        (
            [&] {
              const auto row = t.row(warp + warps * I);
              auto lanes = row.tensor.template view<2, 32>().template permute<1, 0>();
              if constexpr (decltype(bounded)::value)
                f(c<I>, lanes, row.bound());
              else
                f(c<I>, lanes);
            }(),
            ...);
      }
      (cuda::std::make_integer_sequence<index_t, per_warp>{});
    };
    if (full) // one test per tile, not per row
      rows(cuda::std::false_type{});
    else
      rows(cuda::std::true_type{});
  };

  // a 2-D grid, no division: blockIdx.x walks x's column tiles (neighbouring
  // CTAs read neighbouring tiles of a row), blockIdx.y its row tiles
  const auto tiles = x.template num_tiles<tile, tile>();
  for (long long bj : grid_stride(tiles.cols)) {
    for (long long bi = blockIdx.y; bi < tiles.rows; bi += gridDim.y) {
      const auto src = x.template tile<tile, tile>(bi, bj);
      const auto dst = y.template tile<tile, tile>(bj, bi);
      const bool full = src.full(); // (then dst, the same elements, is full too)
      // 1. eight rows per warp, lane l reading columns l and l + 32 of each
      each_row(src, full, [&](auto i, const auto& lanes, auto... bound) {
        tile::apply<ptx<"ld.global.nc.b32">>(mine.sub(_, i, _), lanes, scope::warp, bound...);
      });
      // 2. into the shared tile
      __syncthreads(); // the previous tile's readers are done
      tile::apply<ptx<"st.shared.b32">>(by_row, regs, scope::cta);
      __syncthreads();
      // 3. the transposed view: row w + 8i of y's tile is column w + 8i of x's
      tile::apply<ptx<"ld.shared.b32">>(regs, by_col, scope::cta);
      // 4. rows of y, lane l writing columns l and l + 32
      each_row(dst, full, [&](auto i, const auto& lanes, auto... bound) {
        tile::apply<ptx<"st.global.b32">>(lanes, mine.sub(_, i, _), scope::warp, bound...);
      });
    }
  }
}
} // namespace transpose_detail

namespace transpose_detail {
template <bool Swizzled>
cudaError_t launch(const float* x, float* y, long long rows, long long cols, cudaStream_t s) {
  if (rows <= 0 || cols <= 0)
    return cudaSuccess;
  const long long row_tiles = (rows + tile - 1) / tile, col_tiles = (cols + tile - 1) / tile;
  const dim3 grid(stream::grid_for(col_tiles),
                  static_cast<unsigned>(row_tiles < 65535 ? row_tiles : 65535));
  transpose_kernel<Swizzled>
      <<<grid, threads, 0, s>>>(tirx::grid_tensor(x, rows, cols), tirx::grid_tensor(y, cols, rows));
  return cudaGetLastError();
}
} // namespace transpose_detail

inline cudaError_t transpose(const float* x, float* y, long long rows, long long cols,
                             cudaStream_t s) {
  return transpose_detail::launch<false>(x, y, rows, cols, s);
}

inline cudaError_t transpose_swizzled(const float* x, float* y, long long rows, long long cols,
                                      cudaStream_t s) {
  return transpose_detail::launch<true>(x, y, rows, cols, s);
}

} // namespace tirx_kernels
