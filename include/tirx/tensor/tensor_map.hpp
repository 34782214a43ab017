// TensorMap: the TMA descriptor of one global tensor and one box shape, as
// a type that carries its static facts: the element type, the box (a
// ShapeT, outermost mode first, like the tensor's shape) and the shared
// layout the box lands in (a LayoutT, one of the canonical layouts of
// layout/smem_canonical.hpp). Its 128 bytes are the CUtensorMap that
// host/tensor_map.hpp encodes (make_tensor_map); kernels take it as a
// `const __grid_constant__` parameter and exec/tma.hpp copies boxes with it.
// The rules a box and a layout must keep are checked when the type is
// named, each as a one-line static_assert.
#pragma once

#include <tirx/layout/layout_type.hpp>
#include <tirx/layout/smem_canonical.hpp>
#include <tirx/tensor/dtype.hpp>
#include <tirx/tensor/tensor.hpp>

namespace tirx {

/// The TMA element types (the values of CUtensorMapDataType); `none`: the
/// type cannot be a TMA element.
enum class TmaDtype : int {
  none = -1,
  uint8 = 0,
  uint16,
  uint32,
  int32,
  uint64,
  int64,
  float16,
  float32,
  float64,
  bfloat16,
};

/// The TMA element type that holds T. Types without a TMA type of their
/// own travel as unsigned integers of their width (int8, fp8 and bool as
/// uint8, int16 as uint16): a copy moves their bits unchanged, a reduction
/// would compute on the unsigned type.
template <class T> TIRX_HD constexpr TmaDtype tma_dtype_of() {
  using U = cuda::std::remove_cv_t<T>;
  if constexpr (cuda::std::is_same_v<U, float>)
    return TmaDtype::float32;
  else if constexpr (cuda::std::is_same_v<U, half>)
    return TmaDtype::float16;
  else if constexpr (cuda::std::is_same_v<U, nv_bfloat16>)
    return TmaDtype::bfloat16;
  else if constexpr (cuda::std::is_same_v<U, double>)
    return TmaDtype::float64;
  else if constexpr (cuda::std::is_same_v<U, int>)
    return TmaDtype::int32;
  else if constexpr (cuda::std::is_same_v<U, unsigned>)
    return TmaDtype::uint32;
  else if constexpr (cuda::std::is_same_v<U, long long>)
    return TmaDtype::int64;
  else if constexpr (cuda::std::is_same_v<U, unsigned long long>)
    return TmaDtype::uint64;
  else if constexpr (cuda::std::is_same_v<U, short> || cuda::std::is_same_v<U, unsigned short>)
    return TmaDtype::uint16;
  else if constexpr (cuda::std::is_same_v<U, signed char> ||
                     cuda::std::is_same_v<U, unsigned char> || cuda::std::is_same_v<U, bool> ||
                     cuda::std::is_same_v<U, __nv_fp8_e4m3> ||
                     cuda::std::is_same_v<U, __nv_fp8_e5m2>)
    return TmaDtype::uint8;
  else
    return TmaDtype::none;
}

inline constexpr int tma_max_rank = 5;         ///< modes of a box
inline constexpr index_t tma_max_extent = 256; ///< elements of a box mode

namespace detail {
// One function per rule, its numbers in the template arguments, so that the
// compiler's "in instantiation of ... [with Mode = 1, Extent = 300]" line
// shows them next to the message.
template <int Mode, index_t Extent> TIRX_HD constexpr bool tma_box_extent_rule() {
  static_assert(Extent >= 1 && Extent <= tma_max_extent,
                "tirx::TensorMap: every box extent must lie in 1..256 (Mode and Extent below); "
                "split that mode into boxes of at most 256 elements and copy each box");
  return true;
}

template <SmemCanonError E, index_t InnerBytes, int SwizzleBytes>
TIRX_HD constexpr bool tma_layout_rule() {
  static_assert(E != SmemCanonError::not_row_major,
                "tirx::TensorMap: the shared layout is not a TMA layout; give row_major(Box), "
                "optionally ^ swizzle_for(SwizzleMode::b128 (or b64, b32), sizeof(T))");
  static_assert(E != SmemCanonError::not_a_swizzle_mode,
                "tirx::TensorMap: the shared layout's swizzle is none of the TMA swizzles; use "
                "swizzle_for(SwizzleMode::b128 (or b64, b32), sizeof(T)) of the element type");
  static_assert(E != SmemCanonError::inner_not_16_bytes,
                "tirx::TensorMap: the box's inner row (innermost extent x sizeof(T) = InnerBytes "
                "below) must be a multiple of 16 bytes; widen the innermost box extent (8 bf16, 4 "
                "floats)");
  static_assert(E != SmemCanonError::inner_longer_than_swizzle,
                "tirx::TensorMap: the box's inner row (InnerBytes below) is longer than the "
                "swizzle's span (SwizzleBytes: 32, 64 or 128); cut the innermost box extent to the "
                "span (64 bf16 for b128) and copy several boxes");
  static_assert(E != SmemCanonError::inner_shorter_than_swizzle,
                "tirx::TensorMap: the box's inner row (InnerBytes below) is shorter than the "
                "swizzle's span (SwizzleBytes); pick the swizzle whose span is the inner row (b32, "
                "b64, b128 for 32, 64, 128 bytes) or widen the box");
  return E == SmemCanonError::none;
}

template <class T, Shape Box, TileLayout Lay> TIRX_HD constexpr bool tma_map_rules() {
  static_assert(tma_dtype_of<T>() != TmaDtype::none,
                "tirx::TensorMap: the element type has no TMA data type; use a 1-, 2-, 4- or "
                "8-byte scalar (float, half, bfloat16, double, integers, fp8)");
  static_assert(Box.rank >= 1 && Box.rank <= tma_max_rank,
                "tirx::TensorMap: a box has 1 to 5 modes; view the tensor with at most 5 modes");
  if constexpr (Box.rank >= 1 && Box.rank <= tma_max_rank) {
    constexpr bool extents = []<int... I>(cuda::std::integer_sequence<int, I...>) {
      return (tma_box_extent_rule<I, Box.dims[I]>() && ...);
    }
    (cuda::std::make_integer_sequence<int, Box.rank>{});
    constexpr SmemCanon canon = tma_swizzle_of(Lay, Box, static_cast<int>(sizeof(T)));
    constexpr bool layout =
        tma_layout_rule<canon.error, Box.dims[Box.rank - 1] * index_t{sizeof(T)},
                        swizzle_bytes(canon.mode)>();
    // (the rules above report; the caller's static_assert adds no second error)
    return extents || layout || true;
  }
  return true;
}
} // namespace detail

/// The descriptor. BoxT: ShapeT<...> of 1 to 5 modes, each 1..256; LayT:
/// the LayoutT of the shared tile a box lands in (row_major_t<BoxT>, or
/// swizzled). Copied by value; 128-byte aligned like CUDA 13's CUtensorMap (the
/// TMA unit needs 64).
template <class T, class BoxT, class LayT = row_major_t<BoxT>> struct alignas(128) TensorMap {
  static_assert(is_shape_type_v<BoxT>, "tirx::TensorMap: the box must be a ShapeT<...>, "
                                       "outermost mode first, e.g. ShapeT<64, 64>");
  static_assert(is_layout_type_v<LayT>, "tirx::TensorMap: the shared layout must be a LayoutT; "
                                        "write layout_type<value>");
  static_assert(detail::tma_map_rules<T, BoxT::value, LayT::value>());

  using element_type = T;
  using box_type = BoxT;
  using smem_layout_type = LayT;
  static constexpr int rank = BoxT::rank;
  TIRX_HD static constexpr Shape box() { return BoxT::value; }
  TIRX_HD static constexpr TileLayout smem_layout() { return LayT::value; }
  static constexpr SwizzleMode swizzle =
      tma_swizzle_of(LayT::value, BoxT::value, static_cast<int>(sizeof(T))).mode;
  static constexpr TmaDtype dtype = tma_dtype_of<T>();
  /// Bytes one box moves (also when part of it lies outside the tensor:
  /// the zero-filled elements count), the transaction count of a load.
  static constexpr unsigned box_bytes = static_cast<unsigned>(BoxT::size * sizeof(T));
  /// The alignment the shared tile needs: 128 bytes, and the swizzle's
  /// repeat (256, 512, 1024 bytes) when swizzled.
  static constexpr int smem_align = swizzle_atom_bytes(swizzle);
  /// The shared tile one box fills: a Tensor type with the map's shape and
  /// layout, aligned to smem_align by default (SMEMPool::alloc<T, box(),
  /// smem_layout(), smem_align>() gives one).
  template <MemScope Sc = MemScope::shared_dyn, int Align = smem_align>
  using smem_tensor = Tensor<T, BoxT, Sc, Align, LayT>;

  /// The encoded CUtensorMap (opaque; host/tensor_map.hpp fills it).
  unsigned long long opaque[16] = {};

  TIRX_HD const void* descriptor() const { return opaque; }
  TIRX_HD void* descriptor() { return opaque; }
};

/// The map type for a box value and a layout value (namespace scope only:
/// inside kernel signatures, spell the ShapeT/LayoutT, see data-layout.md).
template <class T, Shape Box, TileLayout Lay = row_major(Box)>
using tensor_map_t = TensorMap<T, shape_type<Box>, layout_type<Lay>>;

template <class M> inline constexpr bool is_tensor_map_v = false;
template <class T, class B, class L>
inline constexpr bool is_tensor_map_v<TensorMap<T, B, L>> = true;

/// Any TMA descriptor type whose boxes land in a shared tile: a TensorMap,
/// or an Im2colTensorMap (tensor/tensor_map_im2col.hpp).
template <class M> inline constexpr bool is_tma_map_v = is_tensor_map_v<M>;

} // namespace tirx
