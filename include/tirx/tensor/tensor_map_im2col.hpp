// Im2colTensorMap: the TMA descriptor of im2col mode, as a type. The global
// tensor has 3 to 5 modes, outermost first: N, the spatial modes ((D,) H,
// W) and the channels C innermost (NWC, NHWC, NDHWC). One load gathers
// `pixels` pixels of `channels` channels each into a shared tile of shape
// (pixels, channels), one pixel per row: the columns of the im2col matrix
// of a convolution, for one filter tap. The box is therefore a ShapeT of
// two modes, (pixels per column, channels per pixel), and the shared layout
// is one of the canonical TMA layouts of that 2-mode box (row_major(box),
// optionally swizzled), checked with the same rules as a tile map
// (tensor/tensor_map.hpp). host/tensor_map_im2col.hpp encodes it
// (make_im2col_tensor_map); exec/tma_im2col.hpp loads with it.
#pragma once

#include <tirx/tensor/tensor_map.hpp>

namespace tirx {

inline constexpr index_t tma_im2col_max_pixels = 1024;  ///< pixels per column
inline constexpr index_t tma_im2col_max_channels = 256; ///< channels per pixel

namespace detail {
template <int Rank, class T, Shape Box, TileLayout Lay> TIRX_HD constexpr bool tma_im2col_rules() {
  static_assert(Rank >= 3 && Rank <= 5,
                "tirx::Im2colTensorMap: an im2col tensor has 3 to 5 modes (N, 1 to 3 spatial "
                "modes, C innermost); view a 2-D tensor with a spatial mode of extent 1");
  static_assert(Box.rank == 2,
                "tirx::Im2colTensorMap: the box has 2 modes, (pixels per column, channels per "
                "pixel); write shape(pixels, channels)");
  static_assert(tma_dtype_of<T>() != TmaDtype::none,
                "tirx::TensorMap: the element type has no TMA data type; use a 1-, 2-, 4- or "
                "8-byte scalar (float, half, bfloat16, double, integers, fp8)");
  if constexpr (Box.rank == 2) {
    static_assert(Box.dims[0] >= 1 && Box.dims[0] <= tma_im2col_max_pixels,
                  "tirx::Im2colTensorMap: pixels per column (the box's first extent) must lie in "
                  "1..1024; load a longer column with several boxes");
    constexpr bool channels = tma_box_extent_rule<1, Box.dims[1]>();
    constexpr SmemCanon canon = tma_swizzle_of(Lay, Box, static_cast<int>(sizeof(T)));
    constexpr bool layout =
        tma_layout_rule<canon.error, Box.dims[1] * index_t{sizeof(T)}, swizzle_bytes(canon.mode)>();
    return channels || layout || true; // the rules above report
  }
  return true;
}
} // namespace detail

/// The im2col descriptor. T: the element type; Rank: the tensor's modes
/// (3..5); BoxT: ShapeT<pixels, channels> (pixels 1..1024, channels
/// 1..256); LayT: the LayoutT of the shared tile (row_major_t<BoxT>, or
/// swizzled with the swizzle whose span is the channels' bytes).
template <class T, int Rank, class BoxT, class LayT = row_major_t<BoxT>>
struct alignas(128) Im2colTensorMap {
  static_assert(is_shape_type_v<BoxT>, "tirx::Im2colTensorMap: the box must be a ShapeT<pixels, "
                                       "channels>, e.g. ShapeT<64, 64>");
  static_assert(is_layout_type_v<LayT>, "tirx::TensorMap: the shared layout must be a LayoutT; "
                                        "write layout_type<value>");
  static_assert(detail::tma_im2col_rules<Rank, T, BoxT::value, LayT::value>());

  using element_type = T;
  using box_type = BoxT;
  using smem_layout_type = LayT;
  /// The tensor's modes: a load takes rank coordinates and rank - 2 offsets.
  static constexpr int rank = Rank;
  static constexpr int spatial_rank = Rank - 2;
  static constexpr index_t pixels = BoxT::value.dims[0];
  static constexpr index_t channels = BoxT::value.dims[BoxT::rank - 1];
  TIRX_HD static constexpr Shape box() { return BoxT::value; }
  TIRX_HD static constexpr TileLayout smem_layout() { return LayT::value; }
  static constexpr SwizzleMode swizzle =
      tma_swizzle_of(LayT::value, BoxT::value, static_cast<int>(sizeof(T))).mode;
  static constexpr TmaDtype dtype = tma_dtype_of<T>();
  /// Bytes one load moves (pixels x channels x sizeof(T), the zero-filled
  /// ones included): the transaction count of its mbarrier.
  static constexpr unsigned box_bytes = static_cast<unsigned>(BoxT::size * sizeof(T));
  static constexpr int smem_align = swizzle_atom_bytes(swizzle);
  template <MemScope Sc = MemScope::shared_dyn, int Align = smem_align>
  using smem_tensor = Tensor<T, BoxT, Sc, Align, LayT>;

  /// The encoded CUtensorMap (opaque; host/tensor_map_im2col.hpp fills it).
  unsigned long long opaque[16] = {};

  TIRX_HD const void* descriptor() const { return opaque; }
  TIRX_HD void* descriptor() { return opaque; }
};

/// The map type for a box value and a layout value (namespace scope only).
template <class T, int Rank, Shape Box, TileLayout Lay = row_major(Box)>
using im2col_tensor_map_t = Im2colTensorMap<T, Rank, shape_type<Box>, layout_type<Lay>>;

template <class M> inline constexpr bool is_im2col_tensor_map_v = false;
template <class T, int R, class B, class L>
inline constexpr bool is_im2col_tensor_map_v<Im2colTensorMap<T, R, B, L>> = true;

template <class T, int R, class B, class L>
inline constexpr bool is_tma_map_v<Im2colTensorMap<T, R, B, L>> = true;

} // namespace tirx
