// Mixed static and run-time modes: Extents<dyn, 128> and Strides<dyn, 1>
// name, mode by mode, an extent or stride that is a compile-time constant
// or a run-time value (`dyn`). The static entries are template arguments,
// so everything that depends on them alone (tile shapes, the contiguity of
// a unit-stride mode, the alignment a move keeps) is worked out at compile
// time; the run-time ones live in the tensor (tensor/dyn_tensor.hpp), one
// integer each.
#pragma once

#include <tirx/core/integer.hpp>
#include <tirx/layout/shape.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

/// The entry of a mode that only run time knows: Extents<dyn, 128>.
inline constexpr index_t dyn = -0x7fffffffffffffffLL - 1;

/// Whether an entry of Extents or Strides is static.
TIRX_HD constexpr bool is_static(index_t v) { return v != dyn; }

namespace detail {
/// The entries of Extents or Strides as a value: v[0..rank), dyn for run-time ones.
struct ModeList {
  int rank = 0;
  index_t v[max_rank] = {};

  constexpr bool operator==(const ModeList&) const = default;

  /// How many entries are dyn, and the slot of entry d among them.
  TIRX_HD constexpr int dynamic_count() const {
    int n = 0;
    for (int d = 0; d < rank; ++d)
      n += v[d] == dyn ? 1 : 0;
    return n;
  }
  TIRX_HD constexpr int slot(int d) const {
    int n = 0;
    for (int i = 0; i < d; ++i)
      n += v[i] == dyn ? 1 : 0;
    return n;
  }
  TIRX_HD constexpr bool all_static() const { return dynamic_count() == 0; }
};

/// The list of a pack (at most max_rank entries are kept: the types that
/// hold one refuse more first).
template <index_t... V> TIRX_HD constexpr ModeList mode_list() {
  ModeList l{};
  ((l.rank < max_rank ? (l.v[l.rank++] = V, 0) : 0), ...);
  return l;
}
} // namespace detail

/// The extents of a tensor's modes, outermost first; dyn for a run-time one.
template <index_t... E> struct Extents {
  static_assert(sizeof...(E) >= 1 && sizeof...(E) <= max_rank,
                "tirx::Extents: a tensor has 1 to 8 modes; merge modes or split the tensor");
  static_assert(((E == dyn || E >= 1) && ...),
                "tirx::Extents: a static extent must be at least 1; write dyn for an extent only "
                "run time knows");
  static constexpr int rank = sizeof...(E);
  static constexpr detail::ModeList list = detail::mode_list<E...>();
};
/// The strides (in elements) of a tensor's modes, outermost first; dyn for a
/// run-time one.
template <index_t... S> struct Strides {
  static_assert(sizeof...(S) >= 1 && sizeof...(S) <= max_rank,
                "tirx::Strides: a tensor has 1 to 8 modes; give one stride per mode");
  static constexpr int rank = sizeof...(S);
  static constexpr detail::ModeList list = detail::mode_list<S...>();
};

template <class T> inline constexpr bool is_extents_v = false;
template <index_t... E> inline constexpr bool is_extents_v<Extents<E...>> = true;
template <class T> inline constexpr bool is_strides_v = false;
template <index_t... S> inline constexpr bool is_strides_v<Strides<S...>> = true;

namespace detail {
/// The row-major strides of extents: the innermost 1, each other the
/// product of the extents inside it, dyn as soon as one of those is dyn.
TIRX_HD constexpr ModeList row_major_strides(ModeList e) {
  ModeList s{e.rank, {}};
  index_t run = 1;
  for (int d = e.rank - 1; d >= 0; --d) {
    s.v[d] = run;
    if (run != dyn)
      run = e.v[d] == dyn ? dyn : run * e.v[d];
  }
  return s;
}

template <ModeList L, class Seq = cuda::std::make_integer_sequence<int, L.rank>> struct strides_of;
template <ModeList L, int... I> struct strides_of<L, cuda::std::integer_sequence<int, I...>> {
  using type = Strides<L.v[I]...>;
};
template <ModeList L, class Seq = cuda::std::make_integer_sequence<int, L.rank>> struct extents_of;
template <ModeList L, int... I> struct extents_of<L, cuda::std::integer_sequence<int, I...>> {
  using type = Extents<L.v[I]...>;
};

/// The largest power of two up to cap that a move by k elements of a mode
/// of stride s keeps of an Align-aligned pointer; a dyn stride keeps cap
/// (the tensor promises Align-aligned run-time strides).
TIRX_HD constexpr int kept_align(index_t stride, index_t k, index_t elem_bytes, int cap) {
  if (stride == dyn)
    return cap;
  index_t bytes = stride * k * elem_bytes;
  if (bytes < 0)
    bytes = -bytes;
  if (bytes == 0)
    return cap;
  int a = 1;
  while (a < cap && bytes % (2 * a) == 0)
    a *= 2;
  return a;
}
} // namespace detail

/// The row-major Strides of an Extents: row_major_strides_t<Extents<dyn, 128>>
/// is Strides<128, 1>, of Extents<64, dyn> Strides<dyn, 1>.
namespace detail {
template <class Ext> struct row_major_strides_of {
  static constexpr ModeList list = row_major_strides(Ext::list);
  using type = typename strides_of<list>::type;
};
} // namespace detail
template <class Ext> using row_major_strides_t = typename detail::row_major_strides_of<Ext>::type;

} // namespace tirx
