// Layout operations by the modes of a shape: group (split the iters along
// the modes), slice (a region of a tensor) and permute (reorder the modes).
#pragma once

#include <tirx/layout/measure.hpp>

namespace tirx {

/// A layout whose shard iters are split into consecutive groups, one group
/// per mode of a shape: group g is iters [bound[g], bound[g+1]).
struct GroupedLayout {
  TileLayout layout{};
  int ngroups = 0;
  int bound[max_rank + 1] = {};
  bool ok = false;

  TIRX_HD constexpr index_t group_size(int g) const {
    index_t s = 1;
    for (int i = bound[g]; i < bound[g + 1]; ++i)
      s *= layout.shard[i].extent;
    return s;
  }
};

namespace detail {
TIRX_HD constexpr GroupedLayout group_iters(const TileLayout& l, const Shape& shape) {
  GroupedLayout g{};
  g.ngroups = shape.rank;
  if (shape.size() != l.size())
    return g;
  Iter out[max_iters + max_rank] = {};
  int nout = 0;
  int ends[max_rank + 1] = {}; // iters taken so far, counted from the innermost
  // walk from the innermost iter and innermost mode
  int k = l.rank - 1;
  Iter cur = k >= 0 ? l.shard[k] : Iter{1, 0, Axis{0}};
  Iter rev[max_iters + max_rank] = {};
  int nrev = 0;
  for (int d = shape.rank - 1; d >= 0; --d) {
    index_t need = shape.dims[d];
    while (need > 1) {
      if (k < 0)
        return g;
      if (cur.extent == 1) {
        --k;
        if (k >= 0)
          cur = l.shard[k];
        continue;
      }
      if (need % cur.extent == 0) {
        if (nrev == max_iters + max_rank)
          return g;
        rev[nrev++] = cur;
        need /= cur.extent;
        --k;
        cur = k >= 0 ? l.shard[k] : Iter{1, 0, Axis{0}};
      } else if (cur.extent % need == 0) {
        if (nrev == max_iters + max_rank)
          return g;
        rev[nrev++] = Iter{need, cur.stride, cur.axis};
        cur = Iter{cur.extent / need, cur.stride * need, cur.axis};
        need = 1;
      } else {
        return g;
      }
    }
    ends[d] = nrev;
  }
  // whatever is left must be extent 1
  while (k >= 0) {
    if (cur.extent != 1)
      return g;
    --k;
    if (k >= 0)
      cur = l.shard[k];
  }
  for (int i = nrev - 1; i >= 0; --i)
    out[nout++] = rev[i];
  // Mode d owns out[nout - ends[d], nout - ends[d+1]). A mode of extent 1
  // owns no iter; TIRx gives it one, `1 : s@a`, with the stride and axis
  // of the iter before it (for a leading mode: extent x stride of the
  // layout's first iter), and so does tirx.
  g.layout = l;
  g.layout.rank = 0;
  for (int i = 0; i < max_iters; ++i)
    g.layout.shard[i] = Iter{};
  for (int d = 0; d < shape.rank; ++d) {
    int b = nout - ends[d], e = nout - ends[d + 1];
    g.bound[d] = g.layout.rank;
    if (b == e) {
      Iter pad{1, 1, Axis{0}};
      if (g.layout.rank > 0) {
        const Iter& p = g.layout.shard[g.layout.rank - 1];
        pad = Iter{1, p.stride, p.axis};
      } else {
        const Iter q = l.rank > 0 ? l.shard[0] : Iter{1, 1, Axis{0}};
        pad = Iter{1, q.extent * q.stride, q.axis};
      }
      if (g.layout.rank == max_iters)
        return g;
      g.layout.shard[g.layout.rank++] = pad;
      continue;
    }
    for (int i = b; i < e; ++i) {
      if (g.layout.rank == max_iters)
        return g;
      g.layout.shard[g.layout.rank++] = out[i];
    }
  }
  g.bound[shape.rank] = g.layout.rank;
  g.ok = true;
  return g;
}
} // namespace detail

/// Splits the shard iters along the modes of shape (TIRx group): extent-1
/// iters are dropped, each iter that straddles a mode boundary is split in
/// two (e = a*b, stride s becomes a : b*s and b : s), and a mode of extent
/// 1 gets one iter of extent 1. Refused when a boundary does not divide an
/// extent: S[(3, 4) : (1, 3)] cannot be grouped as (2, 6), nor S[2, 3] as
/// (3, 2) (TIRx does not merge; regroup() does).
TIRX_HD constexpr GroupedLayout group(const TileLayout& l, const Shape& shape) {
  return detail::group_iters(l, shape);
}

/// group(), and where the iters as written cannot be split, the same after
/// merging them as canonicalize merges them (neighbours with outer stride ==
/// inner extent * inner stride), so S[2, 3] can be grouped as (3, 2). A tirx
/// extension: the tensor views, slice() and permute() use it.
TIRX_HD constexpr GroupedLayout regroup(const TileLayout& l, const Shape& shape) {
  GroupedLayout g = detail::group_iters(l, shape);
  if (g.ok)
    return g;
  const TileLayout c = canonicalize(l);
  if (c.rank >= l.rank)
    return g;            // nothing to merge
  TileLayout merged = l; // l with merged shard iters
  merged.rank = c.rank;
  for (int i = 0; i < max_iters; ++i)
    merged.shard[i] = c.shard[i];
  return detail::group_iters(merged, shape);
}

/// One mode of a slice: an index (the mode is dropped) or a strided range.
struct SliceSpec {
  bool is_index = false;
  index_t begin = 0;
  index_t extent = 1; ///< number of selected coordinates (ranges)
  index_t step = 1;
};

struct SliceResult {
  TileLayout layout{};
  Shape shape{};
  bool ok = false;
};

namespace detail {
/// Adds coordinate c of a grouped mode (iters [b, e)) to the offset.
TIRX_HD constexpr void add_mode_offset(TileLayout& out, const TileLayout& g, int b, int e,
                                       index_t c) {
  for (int i = e - 1; i >= b; --i) {
    const Iter& it = g.shard[i];
    out.add_offset(Term{(c % it.extent) * it.stride, it.axis});
    c /= it.extent;
  }
}
} // namespace detail

/// The layout of a region of a tensor of the given shape: per mode an index
/// (mode dropped) or a range [begin, begin + extent*step) with a step. The
/// region's origin goes into the offset. Refused when a range cannot be
/// written with iters (it must cover whole inner iters, e.g. rows 0..31 of
/// a (2@warpid, 32@laneid) mode, not rows 16..47).
TIRX_HD constexpr SliceResult slice(const TileLayout& l, const Shape& shape,
                                    const SliceSpec* spec) {
  SliceResult res{};
  GroupedLayout g = regroup(l, shape);
  if (!g.ok)
    return res;
  TileLayout out{};
  out.swz = l.swz;
  for (int i = 0; i < l.nreplica; ++i)
    out.push_replica(l.replica[i]);
  for (int i = 0; i < l.noffset; ++i)
    out.add_offset(l.offset[i]);
  for (int d = 0; d < shape.rank; ++d) {
    const SliceSpec& s = spec[d];
    int b = g.bound[d], e = g.bound[d + 1];
    if (s.is_index) {
      if (s.begin < 0 || s.begin >= shape.dims[d])
        return res;
      detail::add_mode_offset(out, g.layout, b, e, s.begin);
      continue;
    }
    index_t ext = s.extent, step = s.step;
    if (ext < 1 || step < 1 || s.begin < 0 || s.begin + (ext - 1) * step >= shape.dims[d])
      return res;
    detail::add_mode_offset(out, g.layout, b, e, s.begin);
    // the selected coordinates are begin + step*j, j < ext. Inner iters
    // that the step jumps over keep begin's digit; the next iter advances
    // by step, and outer iters take over only after a whole wrap.
    Iter sel[max_iters] = {};
    int nsel = 0;
    int i = e - 1;
    index_t st = step;
    index_t rem = s.begin;
    while (i >= b && st > 1 && st % g.layout.shard[i].extent == 0) {
      st /= g.layout.shard[i].extent;
      rem /= g.layout.shard[i].extent;
      --i;
    }
    index_t need = ext;
    while (need > 1) {
      if (i < b)
        return res;
      const Iter& it = g.layout.shard[i];
      index_t dig = rem % it.extent;
      index_t avail = (it.extent - 1 - dig) / st + 1; // digits left without wrapping
      if (need <= avail) {
        sel[nsel++] = Iter{need, it.stride * st, it.axis};
        need = 1;
      } else {
        // carrying into the next iter is affine only after a whole wrap
        if (it.extent % st != 0 || dig >= st || need % (it.extent / st) != 0)
          return res;
        sel[nsel++] = Iter{it.extent / st, it.stride * st, it.axis};
        need /= it.extent / st;
      }
      rem /= it.extent;
      st = 1;
      --i;
    }
    for (int k = nsel - 1; k >= 0; --k)
      out.push_shard(sel[k]);
    if (nsel == 0)
      out.push_shard(Iter{1, 1, Axis{0}});
    res.shape.dims[res.shape.rank++] = ext;
  }
  res.layout = out;
  res.ok = !out.overflow;
  return res;
}

/// Reorders the modes of a tensor of the given shape: new mode i is old
/// mode perm[i]. Returns the layout over the permuted shape.
struct PermuteResult {
  TileLayout layout{};
  Shape shape{};
  bool ok = false;
};
TIRX_HD constexpr PermuteResult permute(const TileLayout& l, const Shape& shape, const int* perm) {
  PermuteResult res{};
  GroupedLayout g = regroup(l, shape);
  if (!g.ok)
    return res;
  bool seen[max_rank] = {};
  TileLayout out = l;
  out.rank = 0;
  for (int i = 0; i < max_iters; ++i)
    out.shard[i] = Iter{};
  for (int i = 0; i < shape.rank; ++i) {
    int d = perm[i];
    if (d < 0 || d >= shape.rank || seen[d])
      return res;
    seen[d] = true;
    for (int k = g.bound[d]; k < g.bound[d + 1]; ++k)
      out.push_shard(g.layout.shard[k]);
    res.shape.dims[res.shape.rank++] = shape.dims[d];
  }
  res.layout = out;
  res.ok = true;
  return res;
}

} // namespace tirx
