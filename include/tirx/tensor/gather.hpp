// Gathered: a tensor whose one mode is looked up through a tensor of
// integer indices (tensor.gather<M>(indices)). Element (a..., k..., b...)
// of the view is element (a..., indices(k...), b...) of the tensor: the
// modes before M, the indices' modes in place of M, the modes after M.
// Shapes, layouts and every rule are compile-time facts; the indices are
// read when an element's address is formed, and checked against the
// gathered mode's extent in debug builds. Tile operations take the view as
// a memory operand (exec/gather.hpp).
#pragma once

#include <tirx/core/config.hpp>
#include <tirx/layout/measure.hpp>
#include <tirx/layout/modes.hpp>
#include <tirx/tensor/mem_scope.hpp>
#include <tirx/tensor/storage.hpp>
#include <tirx/tensor/sub.hpp>

namespace tirx {

template <class T, class Shp, MemScope Sc, int Align, class Lay, class Store> class Tensor;

namespace detail {
template <class X> inline constexpr bool gather_tensor_v = false;
template <class T, class Shp, MemScope Sc, int A, class L, class St>
inline constexpr bool gather_tensor_v<Tensor<T, Shp, Sc, A, L, St>> = true;

/// The memory stride of mode `mode` of layout l grouped by shape s: ok when
/// the mode is one iter on m (stride 0 for a mode of extent 1).
struct ModeStride {
  bool ok = false;
  index_t stride = 0;
};
TIRX_HD constexpr ModeStride single_stride(const TileLayout& l, const Shape& s, int mode) {
  const GroupedLayout g = regroup(l, s);
  if (!g.ok)
    return {};
  TileLayout m{};
  for (int i = g.bound[mode]; i < g.bound[mode + 1]; ++i)
    if (g.layout.shard[i].extent > 1)
      m.push_shard(g.layout.shard[i]);
  m = canonicalize(m);
  if (m.rank == 0)
    return {true, 0};
  if (m.rank != 1 || !(m.shard[0].axis == Axis{0}))
    return {};
  return {true, m.shard[0].stride};
}

/// The first rule that table.gather<Mode>(indices) breaks.
enum class GatherError {
  none,
  not_a_tensor,      ///< the indices are no tirx tensor
  temporary_indices, ///< the indices are a temporary register tile
  mode_out_of_range,
  too_many_modes, ///< the view would have more than max_rank modes
  not_integer,    ///< the indices' elements are no integers
  indices_ungroupable,
  mode_not_linear, ///< the gathered mode has more than one memory stride
};

template <int Mode, class Table, class X, bool Temporary>
TIRX_HD constexpr GatherError gather_error() {
  if constexpr (!gather_tensor_v<X>) {
    return GatherError::not_a_tensor;
  } else {
    using T = cuda::std::remove_cv_t<typename X::value_type>;
    if (Temporary && X::owning)
      return GatherError::temporary_indices;
    if (Mode < 0 || Mode >= Table::rank)
      return GatherError::mode_out_of_range;
    if (Table::rank - 1 + X::rank > max_rank)
      return GatherError::too_many_modes;
    if (!cuda::std::is_integral_v<T> || cuda::std::is_same_v<T, bool>)
      return GatherError::not_integer;
    if (!regroup(X::layout(), X::shape()).ok)
      return GatherError::indices_ungroupable;
    if (!single_stride(Table::layout(), Table::shape(), Mode).ok)
      return GatherError::mode_not_linear;
    return GatherError::none;
  }
}

/// The messages; Mode, Rank (the tensor's modes) and Modes (the view's)
/// are in nvcc's instantiation line.
template <GatherError E, int Mode, int Rank, int Modes> TIRX_HD constexpr void report_gather() {
  static_assert(E != GatherError::not_a_tensor,
                "tirx::Tensor::gather: the indices must be a tirx tensor of integers (a register "
                "tile from alloc_local, or a shared or global tensor); wrap a pointer with "
                "decl_tensor<...>(p)");
  static_assert(E != GatherError::temporary_indices,
                "tirx::Tensor::gather: a gather through a temporary register tile of indices "
                "would dangle (its registers die at the end of the expression); name the index "
                "tile (auto rows = alloc_local<...>();) and gather through that variable");
  static_assert(E != GatherError::mode_out_of_range,
                "tirx::Tensor::gather: the gathered mode is not a mode of the tensor (Mode, Rank "
                "below); write gather<M>(indices) with M from 0 to rank - 1");
  static_assert(E != GatherError::too_many_modes,
                "tirx::Tensor::gather: the view would have more than 8 modes (the tensor's but "
                "the gathered one, and the indices' modes: Modes below); view<...>() the indices "
                "or the tensor to fewer modes");
  static_assert(E != GatherError::not_integer,
                "tirx::Tensor::gather: the indices must be integers (int32, uint32, int64, "
                "uint16, ...; not bool or float); declare the index tensor with an integer "
                "element type");
  static_assert(E != GatherError::indices_ungroupable,
                "tirx::Tensor::gather: the index tensor's layout does not split along its "
                "shape's modes; view<...>() the indices to a shape that follows their layout");
  static_assert(E != GatherError::mode_not_linear,
                "tirx::Tensor::gather: the gathered mode must have one memory stride (index i "
                "moves the address by i x stride), and this one has several iters or lies on a "
                "thread axis; view<...>() the tensor so that the gathered mode is one stride on m");
}

/// The view's shape: the table's modes before Mode, the indices' modes,
/// the table's modes after Mode.
template <class Table, class Index, int Mode> TIRX_HD constexpr Shape gathered_shape() {
  const Shape t = Table::shape(), k = Index::shape();
  Shape r{};
  for (int d = 0; d < Mode; ++d)
    r.dims[r.rank++] = t.dims[d];
  for (int d = 0; d < k.rank; ++d)
    r.dims[r.rank++] = k.dims[d];
  for (int d = Mode + 1; d < t.rank; ++d)
    r.dims[r.rank++] = t.dims[d];
  return r;
}

/// The N-th of a list of coordinates.
template <int N, class A, class... R>
TIRX_HD TIRX_FORCEINLINE constexpr auto nth_coord(A a, R... r) {
  if constexpr (N == 0)
    return a;
  else
    return nth_coord<N - 1>(r...);
}
} // namespace detail

/// A tensor (Table, a pointer view) whose mode Mode is looked up through a
/// tensor of integer indices (Index, a pointer view: of registers, shared
/// or global memory). Made by Tensor::gather; one pointer of each.
template <int Mode, class Table, class Index> class Gathered {
public:
  using table_type = Table;
  using indices_type = Index;
  using element_type = typename Table::element_type;
  using value_type = typename Table::value_type;
  static constexpr int mode = Mode;
  static constexpr MemScope scope = Table::scope;
  static constexpr int align = Table::align;
  static constexpr int rank = Table::rank - 1 + Index::rank;
  /// The table's memory stride along the gathered mode: what one index step moves.
  static constexpr index_t row_stride =
      detail::single_stride(Table::layout(), Table::shape(), Mode).stride;

  TIRX_HD static constexpr Shape shape() { return detail::gathered_shape<Table, Index, Mode>(); }
  TIRX_HD static constexpr index_t size() { return shape().size(); }

  TIRX_HD constexpr Gathered(const Table& table, const Index& indices)
      : table_(table), indices_(indices) {}

  /// The tensor the elements come from, and the indices.
  TIRX_HD constexpr const Table& table() const { return table_; }
  TIRX_HD constexpr const Index& indices() const { return indices_; }
  /// The table's base pointer.
  TIRX_HD constexpr element_type* data() const { return table_.data(); }

  /// The index that coordinate (a..., k..., b...) reads: indices(k...),
  /// checked against the gathered mode in debug builds.
  template <class... C> TIRX_HD TIRX_FORCEINLINE constexpr auto index_at(C... c) const {
    return checked_index(true, c...);
  }

  /// A pointer to element (a..., k..., b...): table(a..., indices(k...), b...).
  template <class... C> TIRX_HD TIRX_FORCEINLINE constexpr element_type* ptr_to(C... c) const {
    return guarded_ptr_to(true, c...);
  }
  /// The same, its index checked only where `live` (tile operations pass a
  /// repeat's guard: an access that tile::pred turns off may have any index).
  template <class... C>
  TIRX_HD TIRX_FORCEINLINE constexpr element_type* guarded_ptr_to(bool live, C... c) const {
    using I = typename Table::index_type;
    const I k = static_cast<I>(checked_index(live, c...));
    return [&]<int... P, int... Q>(cuda::std::integer_sequence<int, P...>,
                                   cuda::std::integer_sequence<int, Q...>) {
      return table_.ptr_to(detail::nth_coord<P>(c...)..., k,
                           detail::nth_coord<Mode + Index::rank + Q>(c...)...);
    }
    (cuda::std::make_integer_sequence<int, Mode>{},
     cuda::std::make_integer_sequence<int, Table::rank - Mode - 1>{});
  }
  template <class... C> TIRX_HD TIRX_FORCEINLINE constexpr element_type& operator()(C... c) const {
    return *ptr_to(c...);
  }

private:
  template <class... C>
  TIRX_HD TIRX_FORCEINLINE constexpr auto checked_index([[maybe_unused]] bool live, C... c) const {
    static_assert(sizeof...(C) == rank,
                  "tirx::Tensor::gather: give one index per mode of the gathered view");
    const auto k = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      return indices_(detail::nth_coord<Mode + K>(c...)...);
    }
    (cuda::std::make_integer_sequence<int, Index::rank>{});
    [[maybe_unused]] constexpr index_t extent = Table::shape().dims[Mode];
    TIRX_CHECK(!live || detail::index_within(k, extent),
               "tirx::Tensor::gather: an index lies outside the gathered mode (0 <= index < "
               "extent); check the indices, or clamp them before the gather");
    return k;
  }

  Table table_;
  Index indices_;
};

template <class X> inline constexpr bool is_gathered_v = false;
template <int M, class T, class I> inline constexpr bool is_gathered_v<Gathered<M, T, I>> = true;

namespace detail {
/// What a refused gather returns (after its message).
struct GatherRefused {};

/// Tensor::gather's body: the rules, then the view over a pointer view of
/// the indices (a register tile is referred to, never copied).
template <int Mode, class Table, class I>
TIRX_HD constexpr auto make_gathered(const Table& table, I&& indices) {
  using X = cuda::std::remove_cvref_t<I>;
  constexpr GatherError e = gather_error<Mode, Table, X, !cuda::std::is_lvalue_reference_v<I>>();
  if constexpr (e != GatherError::none) {
    constexpr int modes = [] {
      if constexpr (gather_tensor_v<X>)
        return Table::rank - 1 + X::rank;
      else
        return Table::rank;
    }();
    report_gather<e, Mode, Table::rank, modes>();
    return GatherRefused{}; // a value, so that the message is the first error
  } else {
    auto v = static_cast<const X&>(indices).view();
    return Gathered<Mode, Table, decltype(v)>{table, v};
  }
}
} // namespace detail

} // namespace tirx
