// TileLayout: shard iters, replica iters, an offset and an optional swizzle.
//
// A layout maps a logical index to coordinates on named axes. Evaluation:
// flatten the coordinate row-major over the tensor's shape, split the flat
// index row-major over the shard extents, add extent-coordinate x stride to
// each iter's axis, add the offset; every replica combination adds its own
// copy; a swizzle then permutes the memory axis m.
#pragma once

#include <tirx/layout/axis.hpp>
#include <tirx/layout/parts.hpp>
#include <tirx/layout/shape.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

/// The layout value. Build it with S(...), R(...), offsets and `^ swizzle`,
/// or from the TIRx notation with tirx::layout_of<"...">; both give equal
/// values, hence the same tensor types.
struct TileLayout {
  int rank = 0;
  Iter shard[max_iters] = {};
  int nreplica = 0;
  Iter replica[max_replicas] = {};
  int noffset = 0;
  Term offset[max_offsets] = {}; ///< sorted by axis code, no zeros
  Swizzle swz{};
  bool overflow = false; ///< a builder ran out of room; validate() reports it

  constexpr bool operator==(const TileLayout&) const = default;

  TIRX_HD constexpr index_t size() const {
    index_t s = 1;
    for (int i = 0; i < rank; ++i)
      s *= shard[i].extent;
    return s;
  }
  TIRX_HD constexpr Shape shard_shape() const {
    Shape s{};
    for (int i = 0; i < rank && i < max_rank; ++i)
      s.dims[s.rank++] = shard[i].extent;
    return s;
  }
  TIRX_HD constexpr index_t offset_on(const Axis& a) const {
    for (int i = 0; i < noffset; ++i)
      if (offset[i].axis == a)
        return offset[i].value;
    return 0;
  }
  TIRX_HD constexpr bool uses(const Axis& a) const {
    for (int i = 0; i < rank; ++i)
      if (shard[i].axis == a)
        return true;
    for (int i = 0; i < nreplica; ++i)
      if (replica[i].axis == a)
        return true;
    return offset_on(a) != 0;
  }
  TIRX_HD constexpr bool has_thread_axis() const {
    for (int i = 0; i < rank; ++i)
      if (!shard[i].axis.is_memory())
        return true;
    for (int i = 0; i < nreplica; ++i)
      if (!replica[i].axis.is_memory())
        return true;
    for (int i = 0; i < noffset; ++i)
      if (!offset[i].axis.is_memory())
        return true;
    return false;
  }

  // -- building ------------------------------------------------------------
  TIRX_HD constexpr TileLayout& push_shard(Iter it) {
    if (rank < max_iters)
      shard[rank++] = it;
    else
      overflow = true;
    return *this;
  }
  TIRX_HD constexpr TileLayout& push_replica(Iter it) {
    if (nreplica < max_replicas)
      replica[nreplica++] = it;
    else
      overflow = true;
    return *this;
  }
  TIRX_HD constexpr TileLayout& add_offset(Term t) {
    if (t.value == 0)
      return *this;
    for (int i = 0; i < noffset; ++i)
      if (offset[i].axis == t.axis) {
        offset[i].value += t.value;
        if (offset[i].value == 0) { // drop it, keep the order
          for (int k = i; k + 1 < noffset; ++k)
            offset[k] = offset[k + 1];
          offset[--noffset] = Term{};
        }
        return *this;
      }
    if (noffset == max_offsets) {
      overflow = true;
      return *this;
    }
    int pos = noffset;
    while (pos > 0 && name_less(t.axis, offset[pos - 1].axis)) {
      offset[pos] = offset[pos - 1];
      --pos;
    }
    offset[pos] = t;
    ++noffset;
    return *this;
  }

  static TIRX_HD constexpr bool name_less(const Axis& a, const Axis& b) { return a.code < b.code; }
};

// -- the typed builder ------------------------------------------------------

/// The shard of extents with row-major contiguous strides on m: S(4, 8).
template <class... E> TIRX_HD constexpr TileLayout S(E... extents) {
  TileLayout l{};
  index_t ext[] = {static_cast<index_t>(extents)...};
  index_t stride = 1;
  for (index_t e : ext)
    l.push_shard(Iter{e, 0, Axis{0}});
  for (int i = l.rank - 1; i >= 0; --i) {
    l.shard[i].stride = stride;
    stride *= l.shard[i].extent;
  }
  return l;
}

/// S({2, 32, 3, 4}, {1 * warpid, 1 * laneid, 4, 1}): explicit strides.
template <int N, int M>
TIRX_HD constexpr TileLayout S(const index_t (&extents)[N], const Term (&strides)[M]) {
  static_assert(N == M, "tirx::S: one stride per extent; S({2, 4}, {4, 1}) pairs 2:4 and 4:1");
  TileLayout l{};
  for (int i = 0; i < N; ++i)
    l.push_shard(Iter{extents[i], strides[i].value, strides[i].axis});
  return l;
}

/// R({2}, {4 * warpid}): replica iters, added to a shard with +.
template <int N, int M>
TIRX_HD constexpr TileLayout R(const index_t (&extents)[N], const Term (&strides)[M]) {
  static_assert(N == M, "tirx::R: one stride per extent; R({2}, {4 * warpid})");
  TileLayout l{};
  for (int i = 0; i < N; ++i)
    l.push_replica(Iter{extents[i], strides[i].value, strides[i].axis});
  return l;
}
TIRX_HD constexpr TileLayout R(index_t extent, Term stride) {
  TileLayout l{};
  l.push_replica(Iter{extent, stride.value, stride.axis});
  return l;
}

/// Combines layouts as in S[...] + R[...] + offset: replicas, offsets and
/// the swizzle of b are added to a; shard iters of b are appended after a's
/// (so S[4 : 8] + S[8 : 1] is S[(4, 8) : (8, 1)]).
TIRX_HD constexpr TileLayout operator+(TileLayout a, const TileLayout& b) {
  for (int i = 0; i < b.rank; ++i)
    a.push_shard(b.shard[i]);
  for (int i = 0; i < b.nreplica; ++i)
    a.push_replica(b.replica[i]);
  for (int i = 0; i < b.noffset; ++i)
    a.add_offset(b.offset[i]);
  if (b.swz.active())
    a.swz = b.swz;
  a.overflow = a.overflow || b.overflow;
  return a;
}
TIRX_HD constexpr TileLayout operator+(TileLayout a, Term t) { return a.add_offset(t); }

/// layout ^ Swizzle{B, M, S}: swizzle the memory axis.
TIRX_HD constexpr TileLayout operator^(TileLayout a, Swizzle s) {
  a.swz = s;
  return a;
}

// -- validity -----------------------------------------------------------------

enum class LayoutError {
  none,
  too_many_iters,
  bad_extent,
  bad_replica_extent,
  swizzle_shift_below_bits,
  swizzle_on_non_memory,
  bad_axis,
  thread_scope_conflict,     ///< TIRx: two axes split one scope level (laneid and tx)
  thread_scope_disconnected, ///< TIRx: the scopes form no chain (warpid and tid_in_wg)
};

TIRX_HD constexpr LayoutError validate(const TileLayout& l) {
  if (l.overflow)
    return LayoutError::too_many_iters;
  for (int i = 0; i < l.rank; ++i) {
    if (l.shard[i].extent < 1)
      return LayoutError::bad_extent;
    if (l.shard[i].axis.code == Axis::invalid)
      return LayoutError::bad_axis;
  }
  for (int i = 0; i < l.nreplica; ++i) {
    if (l.replica[i].extent < 1)
      return LayoutError::bad_replica_extent;
    if (l.replica[i].axis.code == Axis::invalid)
      return LayoutError::bad_axis;
  }
  for (int i = 0; i < l.noffset; ++i)
    if (l.offset[i].axis.code == Axis::invalid)
      return LayoutError::bad_axis;
  Axis used[max_iters + max_replicas + max_offsets] = {};
  int nused = 0;
  for (int i = 0; i < l.rank; ++i)
    used[nused++] = l.shard[i].axis;
  for (int i = 0; i < l.nreplica; ++i)
    used[nused++] = l.replica[i].axis;
  for (int i = 0; i < l.noffset; ++i)
    used[nused++] = l.offset[i].axis;
  if (int e = thread_scope_error(used, nused); e != 0)
    return e == 1 ? LayoutError::thread_scope_conflict : LayoutError::thread_scope_disconnected;
  if (l.swz.active()) {
    if (l.swz.shift < l.swz.bits || l.swz.base < 0)
      return LayoutError::swizzle_shift_below_bits;
    for (int i = 0; i < l.rank; ++i)
      if (l.shard[i].axis.is_memory() && !(l.shard[i].axis == Axis{0}))
        return LayoutError::swizzle_on_non_memory;
  }
  return LayoutError::none;
}

/// Stops compilation with one line per broken rule. Every tensor type and
/// every layout operation on a static layout goes through it.
template <TileLayout L> TIRX_HD constexpr bool check_layout() {
  constexpr LayoutError e = validate(L);
  static_assert(e != LayoutError::too_many_iters,
                "tirx::TileLayout: more than 16 shard, 8 replica or 8 offset terms; canonicalize() "
                "or merge iters");
  static_assert(e != LayoutError::bad_extent,
                "tirx::TileLayout: every shard extent must be at least 1; remove the mode or give "
                "it a positive extent");
  static_assert(e != LayoutError::bad_replica_extent,
                "tirx::TileLayout: every replica extent must be at least 1");
  static_assert(e != LayoutError::swizzle_shift_below_bits,
                "tirx::TileLayout: swizzle needs shift S >= bits B and base M >= 0; use "
                "swizzle_for(SwizzleMode::b128, element_bytes)");
  static_assert(e != LayoutError::swizzle_on_non_memory,
                "tirx::TileLayout: a swizzle permutes the memory axis m only; drop it or move the "
                "TLane/TCol iters to m");
  static_assert(
      e != LayoutError::bad_axis,
      "tirx::TileLayout: a user axis name must have 1 to 7 characters, e.g. axis(\"pid\")");
  static_assert(e != LayoutError::thread_scope_conflict,
                "tirx::TileLayout: two thread axes split the same level under different scopes "
                "(laneid with tx or tid_in_wg, warpid with wid_in_wg, bx with cbx); use one "
                "family of axes");
  static_assert(e != LayoutError::thread_scope_disconnected,
                "tirx::TileLayout: the thread axes form no chain of scopes (warpid with "
                "tid_in_wg but no wgid, laneid with bx but no warpid); add the axis between "
                "them or use tx");
  return e == LayoutError::none;
}

// -- evaluation ---------------------------------------------------------------

/// Flat row-major index of a coordinate over a shape.
TIRX_HD constexpr index_t flatten(const Shape& s, const index_t* coord) {
  index_t flat = 0;
  for (int i = 0; i < s.rank; ++i)
    flat = flat * s.dims[i] + coord[i];
  return flat;
}

/// The coordinate of shard iter k for a flat index.
TIRX_HD constexpr index_t iter_coord(const TileLayout& l, int k, index_t flat) {
  index_t inner = 1;
  for (int i = k + 1; i < l.rank; ++i)
    inner *= l.shard[i].extent;
  return (flat / inner) % l.shard[k].extent;
}

/// All axes of a flat index's base placement (replica 0), swizzle applied.
TIRX_HD constexpr Coord apply(const TileLayout& l, index_t flat) {
  Coord c{};
  for (int k = l.rank - 1; k >= 0; --k) {
    const Iter& it = l.shard[k];
    c.add(it.axis, (flat % it.extent) * it.stride);
    flat /= it.extent;
  }
  for (int i = 0; i < l.noffset; ++i)
    c.add(l.offset[i].axis, l.offset[i].value);
  if (l.swz.active())
    for (int i = 0; i < c.n; ++i)
      if (c.axis[i] == Axis{0})
        c.value[i] = l.swz.apply(c.value[i]);
  return c;
}

/// Coordinate of a multi-dimensional index over a shape of the same size.
TIRX_HD constexpr Coord apply(const TileLayout& l, const Shape& s, const index_t* coord) {
  return apply(l, flatten(s, coord));
}

namespace detail {
/// Contribution of shard iter K (visited innermost first) to axis A; divides
/// flat by the iter's extent on the way out.
template <TileLayout L, Axis A, int K, class I>
TIRX_HD TIRX_FORCEINLINE constexpr I iter_offset(I& flat) {
  constexpr Iter it = L.shard[K];
  I r = 0;
  if constexpr (it.axis == A && it.extent > 1) {
    if constexpr (K == 0)
      r = flat * static_cast<I>(it.stride); // outermost: no wrap needed
    else
      r = (flat % static_cast<I>(it.extent)) * static_cast<I>(it.stride);
  }
  if constexpr (K > 0 && it.extent > 1)
    flat /= static_cast<I>(it.extent);
  return r;
}
} // namespace detail

/// The offset on axis A of a flat index (replica 0): the hot path of every
/// tensor access. L and A are template arguments, so every extent and stride
/// is a constant and the layout is never touched at run time (which also
/// keeps device code free of references to host objects).
template <TileLayout L, Axis A, class I> TIRX_HD TIRX_FORCEINLINE constexpr I axis_offset(I flat) {
  I off = static_cast<I>(L.offset_on(A));
  [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
    ((off += detail::iter_offset<L, A, L.rank - 1 - K>(flat)), ...);
  }
  (cuda::std::make_integer_sequence<int, L.rank>{});
  if constexpr (L.swz.active() && A == Axis{0}) {
    constexpr Swizzle sw = L.swz;
    constexpr I mask = static_cast<I>(((index_t{1} << sw.bits) - 1) << (sw.shift + sw.base));
    return off ^ ((off & mask) >> sw.shift);
  } else {
    return off;
  }
}

/// Number of replica combinations (1 without replicas).
TIRX_HD constexpr index_t replica_count(const TileLayout& l) {
  index_t n = 1;
  for (int i = 0; i < l.nreplica; ++i)
    n *= l.replica[i].extent;
  return n;
}

/// Placement number r (row-major over the replica iters) of a flat index.
TIRX_HD constexpr Coord apply_replica(const TileLayout& l, index_t flat, index_t r) {
  Coord c{};
  for (int k = l.rank - 1; k >= 0; --k) {
    const Iter& it = l.shard[k];
    c.add(it.axis, (flat % it.extent) * it.stride);
    flat /= it.extent;
  }
  for (int k = l.nreplica - 1; k >= 0; --k) {
    const Iter& it = l.replica[k];
    c.add(it.axis, (r % it.extent) * it.stride);
    r /= it.extent;
  }
  for (int i = 0; i < l.noffset; ++i)
    c.add(l.offset[i].axis, l.offset[i].value);
  if (l.swz.active())
    for (int i = 0; i < c.n; ++i)
      if (c.axis[i] == Axis{0})
        c.value[i] = l.swz.apply(c.value[i]);
  return c;
}

/// Row-major contiguous layout on m for a shape value.
TIRX_HD constexpr TileLayout row_major(const Shape& s) {
  TileLayout l{};
  index_t stride = 1;
  for (int i = s.rank - 1; i >= 0; --i) {
    l.shard[i] = Iter{s.dims[i], stride, Axis{0}};
    stride *= s.dims[i];
  }
  l.rank = s.rank;
  return l;
}

} // namespace tirx
