// Layouts and shapes as types whose template arguments are plain integers.
//
// Layout values (TileLayout, Shape) are what tirx computes with. Types that
// may appear in a kernel's signature (a tensor passed to a __global__
// function) must hold only integers, because the CUDA host stubs cannot
// spell class-type template arguments; LayoutT and ShapeT are those types.
// layout_type<V> and shape_type<V> turn a value into its type; ::value
// turns it back. Equal values give the same type.
#pragma once

#include <tirx/layout/shape.hpp>
#include <tirx/layout/tile_layout.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

template <index_t... Code> struct LayoutT;
template <index_t... Dims> struct ShapeT;

namespace detail {

inline constexpr int layout_code_capacity =
    4 + 3 * max_iters + 3 * max_replicas + 2 * max_offsets + 3;

struct LayoutCode {
  int n = 0;
  index_t v[layout_code_capacity] = {};
  TIRX_HD constexpr void push(index_t x) { v[n++] = x; }
};

TIRX_HD constexpr LayoutCode encode(const TileLayout& l) {
  LayoutCode c{};
  c.push(l.rank);
  for (int i = 0; i < l.rank; ++i) {
    c.push(l.shard[i].extent);
    c.push(l.shard[i].stride);
    c.push(l.shard[i].axis.code);
  }
  c.push(l.nreplica);
  for (int i = 0; i < l.nreplica; ++i) {
    c.push(l.replica[i].extent);
    c.push(l.replica[i].stride);
    c.push(l.replica[i].axis.code);
  }
  c.push(l.noffset);
  for (int i = 0; i < l.noffset; ++i) {
    c.push(l.offset[i].value);
    c.push(l.offset[i].axis.code);
  }
  if (l.swz.active()) {
    c.push(l.swz.bits);
    c.push(l.swz.base);
    c.push(l.swz.shift);
  }
  return c;
}

template <int N> TIRX_HD constexpr TileLayout decode(const index_t (&c)[N]) {
  TileLayout l{};
  int p = 0;
  int rank = static_cast<int>(c[p++]);
  for (int i = 0; i < rank; ++i, p += 3)
    l.push_shard(Iter{c[p], c[p + 1], Axis{c[p + 2]}});
  int nrep = static_cast<int>(c[p++]);
  for (int i = 0; i < nrep; ++i, p += 3)
    l.push_replica(Iter{c[p], c[p + 1], Axis{c[p + 2]}});
  int noff = static_cast<int>(c[p++]);
  for (int i = 0; i < noff; ++i, p += 2)
    l.add_offset(Term{c[p], Axis{c[p + 1]}});
  if (p + 3 <= N)
    l.swz = Swizzle{static_cast<int>(c[p]), static_cast<int>(c[p + 1]), static_cast<int>(c[p + 2])};
  return l;
}

template <TileLayout V, class Seq = cuda::std::make_integer_sequence<int, encode(V).n>>
struct layout_type_of;
template <TileLayout V, int... I> struct layout_type_of<V, cuda::std::integer_sequence<int, I...>> {
  // (check_layout states a broken rule itself: no second error here)
  static_assert((check_layout<V>(), true));
  static constexpr LayoutCode code = encode(V);
  using type = LayoutT<code.v[I]...>;
};

template <Shape V, class Seq = cuda::std::make_integer_sequence<int, V.rank>> struct shape_type_of;
template <Shape V, int... I> struct shape_type_of<V, cuda::std::integer_sequence<int, I...>> {
  using type = ShapeT<V.dims[I]...>;
};

} // namespace detail

/// A layout as a type. Its value is LayoutT<...>::value.
template <index_t... Code> struct LayoutT {
  static constexpr index_t codes[sizeof...(Code) + 1] = {Code..., 0};
  static constexpr TileLayout value = detail::decode(codes);
};

/// A shape as a type: ShapeT<2, 32, 4>. Its value is ShapeT<...>::value.
template <index_t... Dims> struct ShapeT {
  static constexpr Shape value = shape(Dims...);
  static constexpr int rank = sizeof...(Dims);
  static constexpr index_t size = (index_t{1} * ... * Dims);
  /// Row-major flat index of a coordinate (one index per mode).
  template <class I, class... X> TIRX_HD TIRX_FORCEINLINE static constexpr I flatten(X... x) {
    static_assert(sizeof...(X) == sizeof...(Dims), "tirx: give one index per mode");
    I flat = 0;
    ((flat = flat * static_cast<I>(Dims) + static_cast<I>(x)), ...);
    return flat;
  }
};

/// The type of a layout value; the layout is checked first.
template <TileLayout V> using layout_type = typename detail::layout_type_of<V>::type;

template <Shape V> using shape_type = typename detail::shape_type_of<V>::type;

template <class T> inline constexpr bool is_layout_type_v = false;
template <index_t... C> inline constexpr bool is_layout_type_v<LayoutT<C...>> = true;

template <class T> inline constexpr bool is_shape_type_v = false;
template <index_t... D> inline constexpr bool is_shape_type_v<ShapeT<D...>> = true;

} // namespace tirx
