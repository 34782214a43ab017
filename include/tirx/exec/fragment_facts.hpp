// The compile-time facts of a register fragment (exec/fragment.hpp): for a
// rank-2 (rows, columns) register tile whose layout spreads it over lanes and
// warps, which rows and columns each register slot holds, which lanes share
// a row, and the rules such a layout must keep (each checked with a
// one-line message).
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/tensor/alloc.hpp>
#include <tirx/tensor/tensor.hpp>

#include <tirx/core/cccl.hpp>

#include <cuda/std/array>

namespace tirx {

namespace detail {

/// The rules a fragment layout must keep; the first one broken, or none.
enum class FragmentError { none, not_rank2, replicas, swizzle, straddles, axis, thread_offset };

/// The compile-time facts of a register fragment of shape Shp, layout L.
template <Shape Shp, TileLayout L> struct fragment_facts {
  static constexpr index_t rows = Shp.rank == 2 ? Shp.dims[0] : 1;
  static constexpr index_t cols = Shp.rank == 2 ? Shp.dims[1] : 1;
  struct Shard {
    index_t extent = 1, stride = 0, row_step = 0, col_step = 0, axis = 0;
  };
  struct Shards {
    Shard at[max_iters] = {};
    int n = 0;
    FragmentError error = FragmentError::none;
  };
  static constexpr Shards shards = [] {
    Shards s{};
    if (Shp.rank != 2) {
      s.error = FragmentError::not_rank2;
      return s;
    }
    if (L.nreplica != 0)
      s.error = FragmentError::replicas;
    else if (L.swz.active())
      s.error = FragmentError::swizzle;
    for (int i = 0; i < L.noffset; ++i)
      if (L.offset[i].axis.code != axis_id::m)
        s.error = FragmentError::thread_offset;
    s.n = L.rank;
    index_t w = 1; // the element-index weight of shard i (inner shards first)
    for (int i = L.rank - 1; i >= 0; --i) {
      const Iter& it = L.shard[i];
      Shard& d = s.at[i];
      d.extent = it.extent;
      d.stride = it.stride;
      d.axis = it.axis.code;
      if (w >= cols) {
        d.row_step = w / cols;
        if (w % cols != 0 && it.extent > 1)
          s.error = FragmentError::straddles;
      } else {
        d.col_step = w;
        if (w * it.extent > cols && it.extent > 1)
          s.error = FragmentError::straddles;
      }
      if (d.axis != axis_id::m && d.axis != axis_id::laneid && d.axis != axis_id::wid_in_wg &&
          d.axis != axis_id::warpid && it.extent > 1)
        s.error = FragmentError::axis;
      w *= it.extent;
    }
    return s;
  }();
  static constexpr FragmentError error = shards.error;

  static constexpr index_t slots = [] {
    index_t n = 1;
    for (int i = 0; i < shards.n; ++i)
      if (shards.at[i].axis == axis_id::m)
        n *= shards.at[i].extent;
    return n;
  }();
  /// Slot k of the thread's enumeration (the register shards as mixed-radix
  /// digits, outer first): its register offset, its row and column relative
  /// to the thread's first element, and the index of its row among the
  /// thread's rows (rows ascending).
  struct Table {
    index_t reg[slots] = {};
    index_t row[slots] = {};
    index_t col[slots] = {};
    int row_index[slots] = {};
    index_t row_of[slots] = {}; ///< the distinct rows, ascending (count: held)
    int held = 0;
  };
  static constexpr Table table = [] {
    Table t{};
    for (index_t k = 0; k < slots; ++k) {
      index_t rest = k, reg = L.offset_on(Axis{axis_id::m}), r = 0, c = 0;
      for (int i = shards.n - 1; i >= 0; --i) {
        const Shard& d = shards.at[i];
        if (d.axis != axis_id::m)
          continue;
        const index_t digit = rest % d.extent;
        rest /= d.extent;
        reg += digit * d.stride;
        r += digit * d.row_step;
        c += digit * d.col_step;
      }
      t.reg[k] = reg, t.row[k] = r, t.col[k] = c;
    }
    for (index_t k = 0; k < slots; ++k) {
      bool seen = false;
      for (int j = 0; j < t.held; ++j)
        seen = seen || t.row_of[j] == t.row[k];
      if (!seen)
        t.row_of[t.held++] = t.row[k];
    }
    for (int a = 1; a < t.held; ++a) // insertion sort: rows ascending
      for (int b = a; b > 0 && t.row_of[b - 1] > t.row_of[b]; --b) {
        const index_t x = t.row_of[b];
        t.row_of[b] = t.row_of[b - 1];
        t.row_of[b - 1] = x;
      }
    for (index_t k = 0; k < slots; ++k)
      for (int j = 0; j < t.held; ++j)
        if (t.row_of[j] == t.row[k])
          t.row_index[k] = j;
    return t;
  }();
  static constexpr int held = table.held;

  /// Whether some warp shard moves along the columns only (a row spread
  /// over warps: no shuffle reaches it).
  static constexpr bool rows_span_warps = [] {
    for (int i = 0; i < shards.n; ++i) {
      const Shard& d = shards.at[i];
      if (d.extent > 1 && (d.axis == axis_id::wid_in_wg || d.axis == axis_id::warpid) &&
          d.row_step == 0)
        return true;
    }
    return false;
  }();
  /// The lane bits along which the lanes hold the same rows (xor masks of
  /// the shuffles of a row reduction), and whether each is a power of two.
  struct LaneMasks {
    index_t mask[5] = {};
    int n = 0;
    bool pow2 = true;
  };
  static constexpr LaneMasks lane_masks = [] {
    LaneMasks m{};
    for (int i = 0; i < shards.n; ++i) {
      const Shard& d = shards.at[i];
      if (d.axis != axis_id::laneid || d.row_step != 0 || d.extent == 1)
        continue;
      if ((d.extent & (d.extent - 1)) != 0 || (d.stride & (d.stride - 1)) != 0)
        m.pow2 = false;
      for (index_t e = 1; e < d.extent && m.n < 5; e *= 2)
        m.mask[m.n++] = d.stride * e;
    }
    return m;
  }();
};

template <class Frag>
using facts_of = fragment_facts<cuda::std::remove_cvref_t<Frag>::shape(),
                                cuda::std::remove_cvref_t<Frag>::layout()>;

/// Stops compilation, with one line naming the rule, when Frag is not a
/// fragment the row operations can read.
template <class Frag> TIRX_HD constexpr bool check_fragment() {
  using X = cuda::std::remove_cvref_t<Frag>;
  static_assert(is_tensor_v<X> && X::scope == MemScope::local,
                "tirx::row_reduce / row_map / coord_map: the operand must be a "
                "register tile (alloc_local, alloc_wgmma_accumulator, or a view of one)");
  if constexpr (is_tensor_v<X> && X::scope == MemScope::local) {
    constexpr FragmentError e = facts_of<X>::error;
    static_assert(e != FragmentError::not_rank2,
                  "tirx fragment rows: the tile must have two modes (rows, columns); view it as "
                  "(rows, columns) first");
    static_assert(e != FragmentError::replicas && e != FragmentError::swizzle,
                  "tirx fragment rows: the layout has replicas or a swizzle; row operations read "
                  "plain shard layouts (fragment layouts of mma/wgmma)");
    static_assert(e != FragmentError::straddles,
                  "tirx fragment rows: a shard of the layout straddles the row boundary; each "
                  "shard must step along the rows or within the columns");
    static_assert(e != FragmentError::axis,
                  "tirx fragment rows: the layout's thread axes must be laneid, wid_in_wg or "
                  "warpid");
    static_assert(e != FragmentError::thread_offset,
                  "tirx fragment rows: the layout has an offset on a thread axis; take the view "
                  "on the register axis only");
    return e == FragmentError::none;
  }
  return false;
}

/// f(integral_constant<index_t, I>) for I in [0, N): loops whose indices
/// read compile-time tables.
template <index_t N, class F> TIRX_HD TIRX_FORCEINLINE void static_for(F&& f) {
  [&]<index_t... I>(cuda::std::integer_sequence<index_t, I...>) {
    (f(cuda::std::integral_constant<index_t, I>{}), ...);
  }
  (cuda::std::make_integer_sequence<index_t, N>{});
}

#if defined(__CUDACC__)
/// The calling thread's coordinate on a thread axis (from the linear
/// thread index of core/thread.hpp: 2-D and 3-D blocks too).
__device__ TIRX_FORCEINLINE index_t fragment_thread_coord(index_t axis) {
  if (axis == axis_id::laneid)
    return lane_index();
  if (axis == axis_id::wid_in_wg)
    return warp_index() % 4;
  return warp_index(); // warpid
}
#endif
} // namespace detail

/// How many distinct rows the calling thread holds of fragment Frag (2 for
/// the wgmma accumulator: rows 16w + l/4 and + 8).
template <class Frag> inline constexpr int fragment_rows = detail::facts_of<Frag>::held;

/// One value per row the thread holds, rows ascending.
template <class T, class Frag> using RowValues = cuda::std::array<T, fragment_rows<Frag>>;

} // namespace tirx
