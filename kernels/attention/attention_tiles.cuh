// The tiles and instructions both attention passes use: the wgmma of a
// 16-wide K slice for an N, the TMA box of a BSHD tensor (Rows sequence
// positions, 64 head-dim columns: the 128-byte swizzle's row), the shared
// tiles wgmma reads, and the loads of a tile's boxes.
#pragma once

#include <tirx/tile.hpp>

namespace tirx_kernels::attention {

using namespace tirx;
using bf16 = nv_bfloat16;

/// The wgmma of one 16-wide K slice for inputs fp16 (F16) or bf16, N.
template <bool F16, int N> struct wgmma_of;
template <> struct wgmma_of<false, 64> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 64> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 80> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n80k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 80> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n80k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 96> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n96k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 96> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n96k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 192> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n192k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 192> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n192k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 112> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n112k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 112> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n112k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 128> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 128> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 176> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n176k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 176> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n176k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 256> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 256> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16">;
};

/// A TMA box of (1, Rows, Heads, 64) elements of a BSHD tensor: Rows
/// sequence positions of Heads neighbouring heads, 64 head-dim columns (128
/// bytes, the 128-byte swizzle's row); it lands as Rows x Heads rows of 64,
/// position major.
template <class T, int Rows, int Heads = 1> struct box {
  static constexpr Shape extents = shape(1, Rows, Heads, 64);
  static constexpr TileLayout value = tma_smem_layout(extents, SwizzleMode::b128, 2);
  using Map = TensorMap<T, typename detail::shape_type_of<extents>::type,
                        typename detail::layout_type_of<value>::type>;
};

/// A shared tile of (MN, K) 16-bit elements as wgmma reads it: Rows x D
/// K-major (Q, K: D / 64 boxes of (Rows, 64) side by side), or its
/// transpose D x Rows MN-major (V: the same bytes).
template <int MN, int K, MatrixMajor M> struct tile_layout_of {
  static constexpr TileLayout value = wgmma_smem_layout(shape(MN, K), M, SwizzleMode::b128, 2);
  using type = typename detail::layout_type_of<value>::type;
};
template <class T, int MN, int K, MatrixMajor M>
using SmemTile =
    Tensor<T, ShapeT<MN, K>, MemScope::shared_dyn, 1024, typename tile_layout_of<MN, K, M>::type>;

#if defined(__CUDACC__)
/// The boxes of (Rows x D) rows of a tile of TileRows rows: D / 64 boxes
/// side by side, one per 64 columns (TileRows x 64 elements apart); a box's
/// rows are its positions times its heads.
template <class Box, int D, int TileRows = Box::extents.dims[1] * Box::extents.dims[2], class T,
          class Map>
__device__ TIRX_FORCEINLINE void load_tile(T* smem, const Map& map, MBarrier bar, int b, int row,
                                           int h) {
  using Tile = typename Box::Map::template smem_tensor<>;
#pragma unroll
  for (int c = 0; c < D / 64; ++c)
    tma::load(decl_tensor<Tile>(smem + c * TileRows * 64), map, bar, b, row, h, 64 * c);
}

#endif

} // namespace tirx_kernels::attention
