// DynTensor: global memory of any rank (1 to 8) whose extents and strides
// are, mode by mode, compile-time constants or run-time values:
//
//   using X = DynTensor<float, Extents<dyn, 128>, Strides<dyn, 1>, 16>;
//   auto x = decl_tensor<X>(ptr, {m, 128}, {ld, 1});
//
// is an M x 128 matrix with a run-time row stride; 128 and the unit stride
// stay template arguments. What only static facts decide is checked at
// compile time (static indices and tile shapes against static extents; a
// view or tile whose strides are all static is an ordinary Tensor, so the
// vector width and contiguity of its unit-stride mode are checked as for
// any Tensor); what needs a run-time fact traps in debug builds with the
// numbers in its message (core/check_values.hpp).
#pragma once

#include <tirx/core/check_values.hpp>
#include <tirx/layout/layout_type.hpp>
#include <tirx/tensor/dyn_shape.hpp>
#include <tirx/tensor/dyn_sub.hpp>
#include <tirx/tensor/dyn_tile.hpp>
#include <tirx/tensor/grid_tensor.hpp>
#include <tirx/tensor/tensor.hpp>

namespace tirx {

namespace detail {
template <class V> inline constexpr bool is_dyn_tensor = false;
template <class T, class E, class S, int A, class I>
inline constexpr bool is_dyn_tensor<DynTensor<T, E, S, A, I>> = true;
} // namespace detail

/// A global tensor with mixed static and run-time modes. T: the element
/// type; Ext: Extents<...> (dyn or a constant per mode, outermost first);
/// Str: Strides<...> in elements (row-major by default: static where the
/// extents inside are); Align: the alignment in bytes of data() and of
/// every run-time stride times sizeof(T) (decl_tensor checks both in debug
/// builds); Index: the integer of run-time extents, strides and offsets
/// (long long, or int when every offset fits in 31 bits).
template <class T, class Ext, class Str = row_major_strides_t<Ext>, int Align = alignof(T),
          class Index = long long>
struct DynTensor {
  static_assert(is_extents_v<Ext>, "tirx::DynTensor: the extents must be an Extents<...>, e.g. "
                                   "Extents<dyn, 128> (dyn: known at run time)");
  static_assert(is_strides_v<Str>, "tirx::DynTensor: the strides must be a Strides<...>, e.g. "
                                   "Strides<dyn, 1> (dyn: known at run time)");
  static_assert(Ext::rank == Str::rank,
                "tirx::DynTensor: give one stride per extent (Extents<dyn, 128> with Strides<dyn, "
                "1>)");
  static_assert(Align >= static_cast<int>(alignof(T)) && (Align & (Align - 1)) == 0,
                "tirx::DynTensor: Align must be a power of two, at least the element's alignment");
  static_assert(
      dtype_traits<cuda::std::remove_cv_t<T>>::known,
      "tirx::DynTensor: the element type must be a tirx element type (see tensor/dtype.hpp)");
  static_assert(cuda::std::is_same_v<Index, int> || cuda::std::is_same_v<Index, long long>,
                "tirx::DynTensor: the index type must be int or long long");

  using element_type = T;
  using index_type = Index;
  using extents_type = Ext;
  using strides_type = Str;
  static constexpr int rank = Ext::rank;
  static constexpr int align = Align;
  /// The static entries (dyn for the run-time ones).
  static constexpr detail::ModeList static_extents = Ext::list;
  static constexpr detail::ModeList static_strides = Str::list;
  static constexpr int dynamic_extents = Ext::list.dynamic_count();
  static constexpr int dynamic_strides = Str::list.dynamic_count();

  T* ptr = nullptr;
  /// The run-time entries, in mode order (one slot when there is none).
  Index run_extents[dynamic_extents > 0 ? dynamic_extents : 1] = {};
  Index run_strides[dynamic_strides > 0 ? dynamic_strides : 1] = {};

  TIRX_HD constexpr T* data() const { return ptr; }

  /// The static extent or stride of mode D (dyn when run time has it).
  template <int D> TIRX_HD static constexpr index_t static_extent() {
    static_assert(D >= 0 && D < rank, "tirx::DynTensor: the mode number lies outside 0..rank-1");
    return Ext::list.v[D];
  }
  template <int D> TIRX_HD static constexpr index_t static_stride() {
    static_assert(D >= 0 && D < rank, "tirx::DynTensor: the mode number lies outside 0..rank-1");
    return Str::list.v[D];
  }

  /// The extent of mode D: an Int<E> where it is static, else an Index.
  template <int D> TIRX_HD TIRX_FORCEINLINE constexpr auto extent() const {
    if constexpr (static_extent<D>() == dyn) {
      constexpr int slot = Ext::list.slot(D);
      return run_extents[slot];
    } else
      return Int<static_extent<D>()>{};
  }
  /// The stride of mode D: an Int<S> where it is static, else an Index.
  template <int D> TIRX_HD TIRX_FORCEINLINE constexpr auto stride() const {
    if constexpr (static_stride<D>() == dyn) {
      constexpr int slot = Str::list.slot(D);
      return run_strides[slot];
    } else
      return Int<static_stride<D>()>{};
  }
  /// The extent and stride of mode D as an Index.
  template <int D> TIRX_HD TIRX_FORCEINLINE constexpr Index extent_value() const {
    return static_cast<Index>(extent<D>());
  }
  template <int D> TIRX_HD TIRX_FORCEINLINE constexpr Index stride_value() const {
    return static_cast<Index>(stride<D>());
  }
  /// The extent and stride of mode d as Index (any d, static or not).
  TIRX_HD constexpr Index extent(int d) const {
    Index out = 0;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((out = d == D ? extent_value<D>() : out), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return out;
  }
  TIRX_HD constexpr Index stride(int d) const {
    Index out = 0;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((out = d == D ? stride_value<D>() : out), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return out;
  }
  /// The number of elements.
  TIRX_HD constexpr Index size() const {
    Index n = 1;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) { ((n *= extent_value<D>()), ...); }
    (cuda::std::make_integer_sequence<int, rank>{});
    return n;
  }

  /// The offset of element (i, j, ...) from data(). Static indices (c<k>)
  /// are checked against static extents at compile time; run-time ones
  /// against the extent in debug builds.
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr Index offset_of(I... idx) const {
    static_assert(sizeof...(I) == rank, "tirx::DynTensor: give one index per mode");
    Index off = 0;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((off += mode_offset<D>(idx, "tirx::DynTensor::operator(): index {} of mode {} lies "
                                   "outside 0..{}; index inside the tensor (tile.contains(i, "
                                   "...) tests a ragged edge)")),
       ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return off;
  }
  /// Element access: x(i, j, ...) is a reference.
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr T& operator()(I... idx) const {
    return ptr[offset_of(idx...)];
  }
  /// A pointer to element (i, j, ...).
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr T* ptr_to(I... idx) const {
    return ptr + offset_of(idx...);
  }

  /// The Tensor of a DynTensor whose extents and strides are all static.
  TIRX_HD constexpr auto tensor() const {
    static_assert(Ext::list.all_static(),
                  "tirx::DynTensor::tensor: a Tensor needs static extents, and an extent here is "
                  "dyn; take a static tile (tile<...>(i, ...)) or sub() a static part first");
    static_assert(Str::list.all_static(),
                  "tirx::DynTensor::tensor: a Tensor needs static strides, and a stride here is "
                  "dyn; sub() the modes of run-time stride away first (row(i) of a tile)");
    return typename detail::view_of<T, Ext::list, Str::list, Align, Index>::type{ptr};
  }

  /// sub(i, _, range<0, 64>, range_from<16>(k), c<2>): a region, one
  /// argument per mode as Tensor::sub takes them (an index drops its mode;
  /// `_` keeps it; a range narrows it to a static count). The result is a
  /// Tensor when its extents and strides are all static, else a DynTensor.
  template <class... A> TIRX_HD TIRX_FORCEINLINE constexpr auto sub(A... a) const {
    return detail::dyn_sub(*this, a...);
  }

  /// The tile of static shape (B...) at tile coordinate (t0, t1, ...):
  /// elements [t_d * B_d, t_d * B_d + B_d) of each mode d, as a DynTile
  /// (tensor: a Tensor when every stride is static; valid: how much exists).
  template <index_t... B, class... C> TIRX_HD TIRX_FORCEINLINE constexpr auto tile(C... t) const {
    return detail::dyn_tile<DynTensor, B...>(*this, t...);
  }

  /// The number of (B...) tiles along each mode (the last ones ragged).
  template <index_t... B> TIRX_HD constexpr auto num_tiles() const {
    static_assert(sizeof...(B) == rank,
                  "tirx::DynTensor::num_tiles: give one tile extent per mode");
    static_assert(((B >= 1) && ...), "tirx::DynTensor::num_tiles: tile extents must be at least 1");
    struct Counts {
      Index v[rank];
      TIRX_HD constexpr Index operator[](int d) const { return v[d]; }
      /// The product: the number of tiles.
      TIRX_HD constexpr Index total() const {
        Index n = 1;
        for (int d = 0; d < rank; ++d)
          n *= v[d];
        return n;
      }
    };
    Counts c{};
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      ((c.v[D] = static_cast<Index>((extent_value<D>() + B - 1) / B)), ...);
    }
    (cuda::std::make_integer_sequence<int, rank>{});
    return c;
  }

  /// The offset of one mode's index (static or run-time), checked.
  template <int D, class X>
  TIRX_HD TIRX_FORCEINLINE constexpr Index mode_offset(X x, const char* what) const {
    constexpr index_t s = static_stride<D>();
    if constexpr (is_static_int_v<X>) {
      static_assert(X::value >= 0 && (static_extent<D>() == dyn || X::value < static_extent<D>()),
                    "tirx::DynTensor: a static index lies outside its mode's static extent; "
                    "indices run from 0 to extent-1");
      if constexpr (static_extent<D>() == dyn)
        TIRX_CHECK_VALUES(X::value < extent_value<D>(), what, X::value, D, extent_value<D>() - 1);
    } else {
      TIRX_CHECK_VALUES(detail::index_within(x, static_cast<index_t>(extent_value<D>())), what,
                        static_cast<long long>(x), D, extent_value<D>() - 1);
    }
    (void)what;
    if constexpr (s == dyn)
      return static_cast<Index>(x) * stride<D>();
    else
      return static_cast<Index>(x) * static_cast<Index>(s);
  }
};

template <class T> inline constexpr bool is_dyn_tensor_v = detail::is_dyn_tensor<T>;

namespace detail {
/// decl_tensor's checks and run-time entries of mode D.
template <class X, int D>
TIRX_HD constexpr void decl_mode(X& x, typename X::index_type extent,
                                 typename X::index_type stride) {
  constexpr index_t se = X::static_extents.v[D], ss = X::static_strides.v[D];
  constexpr long long bytes = sizeof(typename X::element_type);
  TIRX_CHECK_VALUES(se == dyn || extent == se,
                    "tirx::decl_tensor: extent {} of mode {} differs from the type's static "
                    "extent {}; pass the static extent, or make the mode dyn",
                    static_cast<long long>(extent), D, se);
  TIRX_CHECK_VALUES(extent >= 0,
                    "tirx::decl_tensor: extent {} of mode {} is negative; extents count elements "
                    "(0 is an empty tensor)",
                    static_cast<long long>(extent), D);
  TIRX_CHECK_VALUES(ss == dyn || stride == ss,
                    "tirx::decl_tensor: stride {} of mode {} differs from the type's static "
                    "stride {}; pass the static stride, or make the mode dyn",
                    static_cast<long long>(stride), D, ss);
  TIRX_CHECK_VALUES(ss != dyn || (static_cast<long long>(stride) * bytes) % X::align == 0,
                    "tirx::decl_tensor: the stride of mode {} is {} elements, no multiple of "
                    "Align = {} bytes; pad the rows, or use a smaller Align",
                    D, static_cast<long long>(stride), X::align);
  constexpr int extent_slot = X::static_extents.slot(D), stride_slot = X::static_strides.slot(D);
  if constexpr (se == dyn)
    x.run_extents[extent_slot] = extent;
  if constexpr (ss == dyn)
    x.run_strides[stride_slot] = stride;
  (void)bytes;
}
} // namespace detail

/// A DynTensor over ptr with every extent and stride given, outermost mode
/// first; the static entries must equal the type's (checked with the run-time
/// facts in debug builds: the pointer's and run-time strides' alignment,
/// extents of at least 0, and offsets within 31 bits for an int index).
template <class X>
TIRX_HD X decl_tensor(typename X::element_type* ptr,
                      const typename X::index_type (&extents)[X::rank],
                      const typename X::index_type (&strides)[X::rank]) {
  static_assert(is_dyn_tensor_v<X>, "tirx::decl_tensor: with extents and strides, the type must "
                                    "be a tirx::DynTensor");
  X x{};
  x.ptr = ptr;
  TIRX_CHECK_VALUES(reinterpret_cast<unsigned long long>(ptr) % X::align == 0,
                    "tirx::decl_tensor: the pointer is {} bytes past a multiple of Align = {}; ask "
                    "tirx::alignment_of which Align it allows",
                    static_cast<long long>(reinterpret_cast<unsigned long long>(ptr) % X::align),
                    X::align);
  [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    (detail::decl_mode<X, D>(x, extents[D], strides[D]), ...);
  }
  (cuda::std::make_integer_sequence<int, X::rank>{});
  if constexpr (cuda::std::is_same_v<typename X::index_type, int>) {
    [[maybe_unused]] long long reach = 0; // the highest offset, in elements
    for (int d = 0; d < X::rank; ++d)
      reach += (extents[d] > 0 ? static_cast<long long>(extents[d]) - 1 : 0LL) *
               (strides[d] < 0 ? -static_cast<long long>(strides[d])
                               : static_cast<long long>(strides[d]));
    TIRX_CHECK_VALUES(reach < (1LL << 31),
                      "tirx::decl_tensor: the tensor reaches offset {}, past the 31 bits of its "
                      "int index type; use the index type long long",
                      reach);
  }
  return x;
}

/// A DynTensor whose strides are the row-major ones of its extents.
template <class X>
TIRX_HD X decl_tensor(typename X::element_type* ptr,
                      const typename X::index_type (&extents)[X::rank]) {
  static_assert(is_dyn_tensor_v<X>, "tirx::decl_tensor: with extents, the type must be a "
                                    "tirx::DynTensor");
  static_assert(
      cuda::std::is_same_v<typename X::strides_type, row_major_strides_t<typename X::extents_type>>,
      "tirx::decl_tensor: the type's strides are not the row-major ones of its extents; "
      "pass the strides too");
  typename X::index_type strides[X::rank] = {};
  typename X::index_type run = 1;
  for (int d = X::rank - 1; d >= 0; --d) {
    strides[d] = run;
    run *= extents[d];
  }
  return decl_tensor<X>(ptr, extents, strides);
}

/// A GridTensor as a DynTensor: a vector is Extents<dyn> with Strides<1>; a
/// matrix Extents<dyn, dyn> with Strides<dyn, 1> (ld), the same Align.
template <class T, int Rank, int Align>
TIRX_HD constexpr auto dyn_tensor(const GridTensor<T, Rank, Align>& g) {
  if constexpr (Rank == 1) {
    DynTensor<T, Extents<dyn>, Strides<1>, Align> x{};
    x.ptr = g.ptr;
    x.run_extents[0] = g.extent[0];
    return x;
  } else {
    DynTensor<T, Extents<dyn, dyn>, Strides<dyn, 1>, Align> x{};
    x.ptr = g.ptr;
    x.run_extents[0] = g.extent[0];
    x.run_extents[1] = g.extent[1];
    x.run_strides[0] = g.ld;
    return x;
  }
}

} // namespace tirx
