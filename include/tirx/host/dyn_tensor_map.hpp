// make_tensor_map of a DynTensor (tensor/dyn_tensor.hpp): the TMA
// descriptor of a tensor of rank 1 to 5 whose extents and strides are
// static or run-time mode by mode, for static boxes, through the encoder of
// host/tensor_map.hpp:
//
//   using X = DynTensor<bfloat16, Extents<dyn, dyn, 128>, Strides<dyn, 128, 1>, 16>;
//   auto map = make_tensor_map<shape(2, 64, 64), tile_layout>(decl_tensor<X>(p, {b, m, 128}, {s,
//   128, 1}));
//
// The rules whose facts are static are compile-time errors here (the rank,
// the box's rank, a static innermost stride other than 1, a static stride
// that is no multiple of 16 bytes, a static extent above 2^32); the
// run-time ones are make_tensor_map's (std::invalid_argument, one line).
#pragma once

#include <tirx/host/tensor_map.hpp>
#include <tirx/tensor/dyn_tensor.hpp>

namespace tirx {

namespace detail {
/// The static TMA rules of a DynTensor of element type T, one per function
/// so that the compiler's instantiation line shows the mode and the numbers.
template <int Mode, index_t Stride, index_t Bytes> TIRX_HD constexpr bool tma_static_stride_rule() {
  if constexpr (Stride != dyn) {
    static_assert(Stride * Bytes % 16 == 0,
                  "tirx::make_tensor_map: a static stride (Mode, Stride below, in elements of "
                  "Bytes bytes) is no multiple of 16 bytes; the TMA unit steps by multiples of 16 "
                  "bytes: pad the mode, or make the stride dyn and pad at run time");
  }
  return true;
}
template <int Mode, index_t Extent> TIRX_HD constexpr bool tma_static_extent_rule() {
  static_assert(Extent <= (index_t{1} << 32), // (dyn is below every extent)
                "tirx::make_tensor_map: a static extent (Mode, Extent below) exceeds 2^32; split "
                "the mode");
  return true;
}
} // namespace detail

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)

/// The TMA map type of a DynTensor's boxes of Box in tiles of SmemLayout.
template <class T, Shape Box, TileLayout SmemLayout>
using dyn_tensor_map_t =
    TensorMap<cuda::std::remove_cv_t<T>, typename detail::shape_type_of<Box>::type,
              typename detail::layout_type_of<SmemLayout>::type>;

/// The driver's arguments for the map of a DynTensor (make_tensor_map
/// encodes them): its static rules checked at compile time, its run-time
/// ones here (std::invalid_argument).
template <Shape Box, TileLayout SmemLayout = row_major(Box), class T, class Ext, class Str,
          int Align, class Index>
TmaEncoding tma_encoding_of(const DynTensor<T, Ext, Str, Align, Index>& x,
                            TensorMapOptions options = {}) {
  using X = DynTensor<T, Ext, Str, Align, Index>;
  static_assert(X::rank <= tma_max_rank,
                "tirx::make_tensor_map: the TMA unit reads tensors of at most 5 modes; merge "
                "contiguous modes or sub() the outer ones away");
  static_assert(X::rank == Box.rank,
                "tirx::make_tensor_map: the box needs as many modes as the tensor; give one box "
                "extent per tensor mode (1 for a mode the box does not span)");
  static_assert(X::template static_stride<X::rank - 1>() == 1 ||
                    X::template static_stride<X::rank - 1>() == dyn,
                "tirx::make_tensor_map: the innermost stride is static and not 1; the TMA unit "
                "reads the innermost mode contiguously (permute the modes so that the contiguous "
                "one is last)");
  constexpr bool rules = []<int... D>(cuda::std::integer_sequence<int, D...>) {
    // (the innermost stride, 1, is no multiple of 16 bytes: not asked)
    return (detail::tma_static_stride_rule<D, (D == X::rank - 1 ? dyn : X::static_strides.v[D]),
                                           index_t{sizeof(T)}>() &&
            ...) &&
           (detail::tma_static_extent_rule<D, X::static_extents.v[D]>() && ...);
  }
  (cuda::std::make_integer_sequence<int, X::rank>{});
  static_assert(rules || true);
  if constexpr (X::rank <= tma_max_rank && X::rank == Box.rank) {
    long long extents[X::rank] = {};
    long long strides[X::rank] = {};
    for (int d = 0; d < X::rank; ++d) {
      extents[d] = static_cast<long long>(x.extent(d));
      strides[d] = static_cast<long long>(x.stride(d));
    }
    return tma_encoding<dyn_tensor_map_t<T, Box, SmemLayout>>(x.ptr, extents, strides, options);
  } else {
    return TmaEncoding{};
  }
}

/// The map of a DynTensor for boxes of Box landing in shared tiles of
/// layout SmemLayout (rank 1 to 5; extents and strides static or run-time).
template <Shape Box, TileLayout SmemLayout = row_major(Box), class T, class Ext, class Str,
          int Align, class Index>
auto make_tensor_map(const DynTensor<T, Ext, Str, Align, Index>& x, TensorMapOptions options = {}) {
  // (spelled without the alias template: nvcc's host stub of a kernel deduced
  // from this type must not meet a class-type template argument)
  TensorMap<cuda::std::remove_cv_t<T>, typename detail::shape_type_of<Box>::type,
            typename detail::layout_type_of<SmemLayout>::type>
      map{};
  encode_tensor_map(map, tma_encoding_of<Box, SmemLayout>(x, options));
  return map;
}

#endif

} // namespace tirx
