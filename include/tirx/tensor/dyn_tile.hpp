// DynTile: the static tile that a CTA or warp takes of a tensor with
// run-time extents (DynTensor::tile, tensor/dyn_tensor.hpp) at a run-time
// tile coordinate: the tensor and the tile's first coordinate. Elements are
// read in tile coordinates, tile(i, j, ...), which is the tensor's element
// (first + i, ...): the index arithmetic of hand-written code. contains()
// is the edge predicate of a ragged tail; tensor() is the tile as a view
// (a Tensor when every stride is static, so each view and tile operation
// applies to it), and row(i, ...) its innermost runs, bounded.
#pragma once

#include <tirx/layout/shape.hpp>
#include <tirx/tensor/grid_tensor.hpp>

namespace tirx {

namespace detail {
/// A view of type View at ptr with the run-time strides of x.
template <class View, class X>
TIRX_HD TIRX_FORCEINLINE constexpr View view_at(typename X::element_type* ptr, const X& x) {
  if constexpr (is_tensor_v<View>) {
    return View{ptr};
  } else {
    View v{};
    v.ptr = ptr;
    for (int k = 0; k < X::dynamic_strides; ++k)
      v.run_strides[k] = x.run_strides[k];
    return v;
  }
}
} // namespace detail

/// A tile of static shape Box of X (a DynTensor) at a run-time tile
/// coordinate. View: the tile as a view (tensor()).
template <class X, class View, Shape Box> struct DynTile {
  using index_type = typename X::index_type;
  using view_type = View;
  static constexpr int rank = Box.rank;

  X whole;                         ///< the tensor the tile belongs to
  index_type first[Box.rank] = {}; ///< the tile's first coordinate, per mode

  /// The tile's shape.
  TIRX_HD static constexpr Shape shape() { return Box; }

  /// Element (i, j, ...) of the tile (tile coordinates): whole(first + i, ...).
  /// Debug builds trap on an element outside the tensor.
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr auto& operator()(I... idx) const {
    return whole.ptr[offset_of(idx...)];
  }
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr auto* ptr_to(I... idx) const {
    return whole.ptr + offset_of(idx...);
  }
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr index_type offset_of(I... idx) const {
    static_assert(sizeof...(I) == rank, "tirx::DynTile: give one tile coordinate per mode");
    index_type off = 0;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((off += whole.template mode_offset<D>(first[D] + static_cast<index_type>(idx),
                                             "tirx::DynTile::operator(): tensor index {} of mode "
                                             "{} lies outside 0..{}; test tile.contains(i, ...) "
                                             "at a ragged edge")),
       ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return off;
  }

  /// The edge predicate: whether tile coordinate (i, j, ...) (each in
  /// 0..Box[d]-1) lies inside the tensor.
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr bool contains(I... idx) const {
    static_assert(sizeof...(I) == rank,
                  "tirx::DynTile::contains: give one tile coordinate per mode of the tile");
    bool inside = true; // & (no branch per mode): one predicate, as hand-written code gets
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((inside = inside & detail::index_within(idx, static_cast<index_t>(remaining<D>()))), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return inside;
  }

  /// The coordinates of mode D from the tile's first to the tensor's end
  /// (Box[D] or more inside, fewer at a ragged edge, 0 or less past the end).
  template <int D> TIRX_HD TIRX_FORCEINLINE constexpr index_type remaining() const {
    return whole.template extent_value<D>() - first[D];
  }
  /// The coordinates of mode d that exist, 0..Box[d].
  TIRX_HD constexpr index_type valid(int d) const {
    index_type out = 0;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((out = d == D ? clamped<D>() : out), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return out;
  }
  /// Whether every element of the tile exists (no ragged edge).
  TIRX_HD constexpr bool full() const {
    bool all = true;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((all = all && static_cast<index_t>(remaining<D>()) >= Box.dims[D]), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return all;
  }
  /// Whether the tile holds no element of the tensor (past its end).
  TIRX_HD constexpr bool empty() const {
    bool none = false;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((none = none || remaining<D>() <= 0), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return none;
  }

  /// The tile as a view starting at its first element: a Tensor of shape
  /// Box when every stride is static, else a DynTensor of static extents.
  TIRX_HD TIRX_FORCEINLINE constexpr View tensor() const {
    index_type off = 0;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((off += first[D] * whole.template stride_value<D>()), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return detail::view_at<View>(whole.ptr + off, whole);
  }

  /// The innermost run of the tile at (i, ...) (one index per outer mode):
  /// a GridTile whose tensor is a Tensor of Box's last extent and whose
  /// valid is the run's existing elements (0 outside the tensor), so
  /// row(i).bound() keeps tile::apply inside the data.
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr auto row(I... idx) const {
    static_assert(sizeof...(I) + 1 == rank,
                  "tirx::DynTile::row: give one index per mode but the last (a tile of rank 1 is "
                  "one row: use tensor() and bound())");
    static_assert(X::template static_stride<rank - 1>() == 1,
                  "tirx::DynTile::row: the innermost mode needs a static stride 1 (a bound counts "
                  "consecutive elements); view the tensor with its contiguous mode last");
    auto run = tensor().sub(idx..., _);
    bool inside = true;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((inside = inside & detail::index_within(idx, static_cast<index_t>(remaining<D>()))), ...);
    }
    (cuda::std::make_integer_sequence<int, rank - 1>{});
    return GridTile<decltype(run)>{run, inside ? static_cast<long long>(clamped<rank - 1>()) : 0LL};
  }

  /// The apply option that keeps a rank-1 tile's accesses inside the data.
  TIRX_HD constexpr Bound bound() const {
    static_assert(rank == 1, "tirx::DynTile::bound: bounds a tile of rank 1; bound the rows of "
                             "a larger tile with row(i, ...).bound()");
    static_assert(X::template static_stride<0>() == 1,
                  "tirx::DynTile::bound: the tile's mode needs a static stride 1 (a bound counts "
                  "consecutive elements)");
    return Bound{static_cast<long long>(clamped<0>())};
  }

private:
  template <int D> TIRX_HD TIRX_FORCEINLINE constexpr index_type clamped() const {
    const index_type left = remaining<D>();
    return left < 0 ? index_type{0}
                    : (left > Box.dims[D] ? static_cast<index_type>(Box.dims[D]) : left);
  }
};

} // namespace tirx
