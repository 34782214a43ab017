// The layout arithmetic of a DynTensor's sub and tile (tensor/dyn_tensor.hpp):
// which modes the result keeps, their static extents and strides, the
// alignment the moved pointer keeps, the static rules; then the run-time
// part, the offset and the result's run-time entries. A result whose
// entries are all static is a Tensor.
#pragma once

#include <tirx/core/check_values.hpp>
#include <tirx/layout/layout_type.hpp>
#include <tirx/tensor/dyn_shape.hpp>
#include <tirx/tensor/dyn_tile.hpp>
#include <tirx/tensor/tensor.hpp>

namespace tirx {

template <class T, class Ext, class Str, int Align, class Index> struct DynTensor;

namespace detail {
/// The layout S[(E...) : (S...)] on m of static lists.
TIRX_HD constexpr TileLayout strided_layout(ModeList e, ModeList s) {
  TileLayout l{};
  for (int d = 0; d < e.rank; ++d)
    l.push_shard(Iter{e.v[d], s.v[d], Axis{0}});
  return l;
}
template <ModeList E, class Seq = cuda::std::make_integer_sequence<int, E.rank>>
struct static_shape_of;
template <ModeList E, int... I> struct static_shape_of<E, cuda::std::integer_sequence<int, I...>> {
  using type = ShapeT<E.v[I]...>;
};
/// The tensor of extents E and strides S at a pointer: a Tensor when every
/// entry is static, else a DynTensor.
template <class T, ModeList E, ModeList S, int Align, class Index, bool Static> struct view_pick {
  using type =
      DynTensor<T, typename extents_of<E>::type, typename strides_of<S>::type, Align, Index>;
};
template <class T, ModeList E, ModeList S, int Align, class Index>
struct view_pick<T, E, S, Align, Index, true> {
  static constexpr TileLayout layout = strided_layout(E, S);
  using type = Tensor<T, typename static_shape_of<E>::type, MemScope::global, Align,
                      typename layout_type_of<layout>::type>;
};
template <class T, ModeList E, ModeList S, int Align, class Index> struct view_of {
  static constexpr bool all_static = E.all_static() && S.all_static();
  using type = typename view_pick<T, E, S, Align, Index, all_static>::type;
};

/// What sub does to one mode: keep it whole (0), drop it (1), take a static
/// range (2) or a range from a run-time start (3) of len by step.
struct SubMode {
  int kind = 0;
  index_t first = 0; ///< the static index or range start (kinds 1, 2)
  index_t len = 0, step = 1;
  bool dynamic_move = false; ///< the pointer moves by a run-time amount
};
template <class A> TIRX_HD constexpr SubMode sub_mode_of() {
  if constexpr (cuda::std::is_same_v<A, All>)
    return {0, 0, 0, 1, false};
  else if constexpr (is_static_int_v<A>)
    return {1, A::value, 0, 1, false};
  else if constexpr (cuda::std::is_integral_v<A>)
    return {1, 0, 0, 1, true};
  else if constexpr (requires { A::len; })
    return {3, 0, A::len, A::step, true};
  else
    return [&]<index_t B, index_t E, index_t St>(StaticRange<B, E, St>*) {
      return SubMode{2, B, (E - B + St - 1) / St, St, false};
    }(static_cast<A*>(nullptr));
}

/// The result of a sub: its extents and strides, where each old mode went.
struct DynSubPlan {
  ModeList ext, str;
  int to[max_rank] = {}; ///< the result's mode of old mode d, -1 when dropped
  int align = 1;
  bool index_out_of_range = false, range_out_of_range = false;
};
/// The modes of one sub, as a template argument.
struct SubModeList {
  SubMode m[max_rank] = {};
};
TIRX_HD constexpr DynSubPlan plan_dyn_sub(ModeList e, ModeList s, const SubMode* m, int N,
                                          index_t elem_bytes, int cap) {
  DynSubPlan p{};
  p.align = cap;
  for (int d = 0; d < N; ++d) {
    p.to[d] = -1;
    const index_t move = m[d].dynamic_move ? 1 : m[d].first;
    const int a = kept_align(s.v[d], move, elem_bytes, cap);
    p.align = a < p.align ? a : p.align;
    if (m[d].kind == 1) {
      p.index_out_of_range |= m[d].first < 0 || (e.v[d] != dyn && m[d].first >= e.v[d]);
      continue;
    }
    if (m[d].kind == 2)
      p.range_out_of_range |= e.v[d] != dyn && m[d].first + (m[d].len - 1) * m[d].step >= e.v[d];
    p.to[d] = p.ext.rank;
    p.ext.v[p.ext.rank++] = m[d].kind == 0 ? e.v[d] : m[d].len;
    p.str.v[p.str.rank++] = s.v[d] == dyn ? dyn : s.v[d] * m[d].step;
  }
  return p;
}

inline constexpr const char* dyn_sub_index_message =
    "tirx::DynTensor::sub: index {} of mode {} lies outside 0..{}; index inside the tensor";
inline constexpr const char* dyn_sub_range_message =
    "tirx::DynTensor::sub: the range from {} of mode {} reaches {}, past its last index {}; "
    "start the range earlier or take a tile (tile<...>) with a ragged edge";

/// The run-time part of a sub whose plan P passed the rules.
template <DynSubPlan P, SubModeList M, class X, class... A>
TIRX_HD TIRX_FORCEINLINE constexpr auto dyn_sub_checked(const X& x, A... a) {
  using T = typename X::element_type;
  using Index = typename X::index_type;
  Index off = 0;
  auto move = [&]<int D, class Y>(Y y) {
    constexpr SubMode m = M.m[D];
    if constexpr (m.kind == 1) {
      off += x.template mode_offset<D>(y, dyn_sub_index_message);
    } else if constexpr (m.kind == 2 || m.kind == 3) {
      index_t first = m.first;
      if constexpr (m.kind == 3)
        first = y.begin;
      [[maybe_unused]] const index_t last = first + (m.len - 1) * m.step;
      [[maybe_unused]] const index_t end = static_cast<index_t>(x.template extent_value<D>());
      if constexpr (m.kind == 3 || X::template static_extent<D>() == dyn)
        TIRX_CHECK_VALUES(first >= 0 && last < end, dyn_sub_range_message, first, D, last, end - 1);
      off += static_cast<Index>(first) * x.template stride_value<D>();
    }
  };
  [&]<int... D>(cuda::std::integer_sequence<int, D...>) { (move.template operator()<D>(a), ...); }
  (cuda::std::make_integer_sequence<int, X::rank>{});
  using R = typename view_of<T, P.ext, P.str, P.align, Index>::type;
  if constexpr (is_tensor_v<R>) {
    return R{x.ptr + off};
  } else {
    R r{};
    r.ptr = x.ptr + off;
    [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      (
          [&] {
            constexpr int n = P.to[D];
            if constexpr (n >= 0) {
              constexpr int extent_slot = P.ext.slot(n), stride_slot = P.str.slot(n);
              constexpr index_t step = M.m[D].step;
              if constexpr (P.ext.v[n] == dyn)
                r.run_extents[extent_slot] = x.template extent_value<D>();
              if constexpr (P.str.v[n] == dyn)
                r.run_strides[stride_slot] =
                    x.template stride_value<D>() * static_cast<Index>(step);
            }
          }(),
          ...);
    }
    (cuda::std::make_integer_sequence<int, X::rank>{});
    return r;
  }
}

/// X::sub(a...).
template <class X, class... A> TIRX_HD TIRX_FORCEINLINE constexpr auto dyn_sub(const X& x, A... a) {
  using T = typename X::element_type;
  static_assert(sizeof...(A) == X::rank,
                "tirx::DynTensor::sub: give one index, range or all per mode of the tensor");
  constexpr SubModeList modes{{sub_mode_of<A>()...}};
  constexpr DynSubPlan p = plan_dyn_sub(X::static_extents, X::static_strides, modes.m, sizeof...(A),
                                        sizeof(T), X::align);
  static_assert(!p.index_out_of_range, "tirx::DynTensor::sub: a static index lies outside its "
                                       "mode's static extent; indices run from 0 to extent-1");
  static_assert(!p.range_out_of_range, "tirx::DynTensor::sub: a static range reaches past the end "
                                       "of its mode's static extent");
  static_assert(p.ext.rank >= 1, "tirx::DynTensor::sub: every mode is dropped; read the element "
                                 "with x(i, j, ...) instead");
  if constexpr (sizeof...(A) == X::rank && !p.index_out_of_range && !p.range_out_of_range &&
                p.ext.rank >= 1)
    return dyn_sub_checked<p, modes>(x, a...);
}

/// The run-time part of a tile of static extents Box that passed the rules.
template <ModeList Box, class X, class... C>
TIRX_HD TIRX_FORCEINLINE constexpr auto dyn_tile_checked(const X& x, C... t) {
  using T = typename X::element_type;
  using Index = typename X::index_type;
  constexpr ModeList box = Box;
  constexpr int align = [&] {
    int a = X::align;
    for (int d = 0; d < box.rank; ++d) {
      const int k = kept_align(X::static_strides.v[d], box.v[d], sizeof(T), X::align);
      a = k < a ? k : a;
    }
    return a;
  }();
  using R = typename view_of<T, box, X::static_strides, align, Index>::type;
  constexpr Shape shp = [&] {
    Shape s{};
    for (int d = 0; d < box.rank; ++d)
      s.dims[s.rank++] = box.v[d];
    return s;
  }();
  DynTile<X, R, shp> out{x, {}};
  [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    (
        [&] {
          out.first[D] = static_cast<Index>(t) * static_cast<Index>(box.v[D]);
          TIRX_CHECK_VALUES(out.first[D] >= 0,
                            "tirx::DynTensor::tile: tile coordinate {} of mode {} is negative; "
                            "tiles are numbered from 0",
                            static_cast<long long>(t), D);
        }(),
        ...);
  }
  (cuda::std::make_integer_sequence<int, X::rank>{});
  return out;
}

/// X::tile<B...>(t...).
template <class X, index_t... B, class... C>
TIRX_HD TIRX_FORCEINLINE constexpr auto dyn_tile(const X& x, C... t) {
  static_assert(sizeof...(B) == X::rank,
                "tirx::DynTensor::tile: give one tile extent per mode, e.g. tile<64, 128>(bi, bj)");
  static_assert(sizeof...(C) == X::rank,
                "tirx::DynTensor::tile: give one tile coordinate per mode");
  static_assert(((B >= 1) && ...), "tirx::DynTensor::tile: tile extents must be at least 1");
  constexpr ModeList se = X::static_extents;
  constexpr ModeList box = mode_list<B...>();
  constexpr bool fits = [&] {
    for (int d = 0; d < se.rank; ++d)
      if (se.v[d] != dyn && box.v[d] > se.v[d])
        return false;
    return true;
  }();
  static_assert(fits, "tirx::DynTensor::tile: a tile extent exceeds its mode's static extent; "
                      "tile that mode by its extent or a divisor of it");
  if constexpr (sizeof...(B) == X::rank && sizeof...(C) == X::rank && ((B >= 1) && ...) && fits)
    return dyn_tile_checked<box>(x, t...);
}
} // namespace detail

} // namespace tirx
