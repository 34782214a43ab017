// Layout operations: size, span, canonicalize, group, slice, permute, tile,
// tile_to, storage. All constexpr on values; each returns a result with an
// ok flag where the operation can be refused, so that callers can stop
// compilation with a readable message (see tensor/ for those messages).
#pragma once

#include <tirx/layout/tile_layout.hpp>

namespace tirx {

/// Number of logical elements (product of the shard extents).
TIRX_HD constexpr index_t size(const TileLayout& l) { return l.size(); }

/// Product of the shard extents placed on axis a.
TIRX_HD constexpr index_t size(const TileLayout& l, Axis a) {
  index_t s = 1;
  for (int i = 0; i < l.rank; ++i)
    if (l.shard[i].axis == a) s *= l.shard[i].extent;
  return s;
}

/// Lowest and highest coordinate on axis a over all elements and replicas,
/// before the swizzle (a swizzle permutes within aligned blocks; see span).
struct Range {
  index_t lo = 0;
  index_t hi = 0;
};
TIRX_HD constexpr Range range_on(const TileLayout& l, Axis a) {
  Range r{l.offset_on(a), l.offset_on(a)};
  auto add = [&](const Iter& it) {
    if (!(it.axis == a)) return;
    index_t reach = (it.extent - 1) * it.stride;
    if (reach > 0) r.hi += reach;
    else r.lo += reach;
  };
  for (int i = 0; i < l.rank; ++i) add(l.shard[i]);
  for (int i = 0; i < l.nreplica; ++i) add(l.replica[i]);
  return r;
}

/// Span on axis a: highest - lowest + 1 coordinate. With a swizzle, the
/// memory span is widened to whole swizzle rows (2^(M+B) elements) so that
/// every swizzled address stays inside [lo, lo + span).
TIRX_HD constexpr index_t span(const TileLayout& l, Axis a = Axis{0}) {
  Range r = range_on(l, a);
  if (l.swz.active() && a == Axis{0}) {
    index_t row = index_t{1} << (l.swz.base + l.swz.bits);
    index_t lo = r.lo >= 0 ? r.lo / row * row : -((-r.lo + row - 1) / row * row);
    index_t hi = (r.hi >= 0 ? r.hi / row * row : -((-r.hi + row - 1) / row * row)) + row - 1;
    return hi - lo + 1;
  }
  return r.hi - r.lo + 1;
}

/// Same function, fewest iters: drops extent-1 iters, merges neighbours
/// (outer e0:s0, inner e1:s1 on one axis with s0 == e1*s1), merges replica
/// iters the same way, sorts replicas by (axis, stride).
TIRX_HD constexpr TileLayout canonicalize(const TileLayout& l) {
  TileLayout r{};
  for (int i = 0; i < l.rank; ++i) {
    Iter it = l.shard[i];
    if (it.extent == 1) continue;
    r.push_shard(it);
  }
  // merge from the inside out
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i + 1 < r.rank; ++i) {
      Iter& o = r.shard[i];
      const Iter& in = r.shard[i + 1];
      if (o.axis == in.axis && o.stride == in.extent * in.stride) {
        o = Iter{o.extent * in.extent, in.stride, in.axis};
        for (int k = i + 1; k + 1 < r.rank; ++k) r.shard[k] = r.shard[k + 1];
        r.shard[--r.rank] = Iter{};
        changed = true;
        break;
      }
    }
  }
  Iter rep[max_replicas] = {};
  int nr = 0;
  for (int i = 0; i < l.nreplica; ++i)
    if (l.replica[i].extent != 1) rep[nr++] = l.replica[i];
  // insertion sort by (axis, stride) descending stride so merges are adjacent
  for (int i = 1; i < nr; ++i)
    for (int k = i; k > 0; --k) {
      const Iter& p = rep[k - 1];
      const Iter& q = rep[k];
      bool swap = p.axis.code > q.axis.code || (p.axis == q.axis && p.stride < q.stride);
      if (!swap) break;
      Iter t = rep[k];
      rep[k] = rep[k - 1];
      rep[k - 1] = t;
    }
  for (int i = 0; i < nr; ++i) {
    if (r.nreplica > 0) {
      Iter& o = r.replica[r.nreplica - 1];
      if (o.axis == rep[i].axis && o.stride == rep[i].extent * rep[i].stride) {
        o = Iter{o.extent * rep[i].extent, rep[i].stride, rep[i].axis};
        continue;
      }
    }
    r.push_replica(rep[i]);
  }
  for (int i = 0; i < l.noffset; ++i) r.add_offset(l.offset[i]);
  r.swz = l.swz;
  return r;
}

/// A layout whose shard iters are split into consecutive groups, one group
/// per mode of a shape: group g is iters [bound[g], bound[g+1]).
struct GroupedLayout {
  TileLayout layout{};
  int ngroups = 0;
  int bound[max_rank + 1] = {};
  bool ok = false;

  TIRX_HD constexpr index_t group_size(int g) const {
    index_t s = 1;
    for (int i = bound[g]; i < bound[g + 1]; ++i) s *= layout.shard[i].extent;
    return s;
  }
};

namespace detail {
TIRX_HD constexpr GroupedLayout group_iters(const TileLayout& l, const Shape& shape) {
  GroupedLayout g{};
  g.ngroups = shape.rank;
  if (shape.size() != l.size()) return g;
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
      if (k < 0) return g;
      if (cur.extent == 1) {
        --k;
        if (k >= 0) cur = l.shard[k];
        continue;
      }
      if (need % cur.extent == 0) {
        if (nrev == max_iters + max_rank) return g;
        rev[nrev++] = cur;
        need /= cur.extent;
        --k;
        cur = k >= 0 ? l.shard[k] : Iter{1, 0, Axis{0}};
      } else if (cur.extent % need == 0) {
        if (nrev == max_iters + max_rank) return g;
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
    if (cur.extent != 1) return g;
    --k;
    if (k >= 0) cur = l.shard[k];
  }
  if (nrev > max_iters) return g;
  for (int i = nrev - 1; i >= 0; --i) out[nout++] = rev[i];
  g.layout = l;
  g.layout.rank = 0;
  for (int i = 0; i < max_iters; ++i) g.layout.shard[i] = Iter{};
  for (int i = 0; i < nout; ++i) g.layout.shard[g.layout.rank++] = out[i];
  // bounds: mode d owns reversed positions [ends[d+1], ends[d]) counted from the end
  // mode d spans [nout - ends[d], nout - ends[d+1])
  for (int d = 0; d < shape.rank; ++d) g.bound[d] = nout - ends[d];
  g.bound[shape.rank] = nout;
  g.ok = true;
  return g;
}
} // namespace detail

/// Splits the shard iters along the modes of shape (TIRx group): each iter
/// that straddles a mode boundary is split in two (e = a*b, stride s becomes
/// a : b*s and b : s). When the iters as written cannot be split, they are
/// merged first (extent-1 iters dropped, neighbours with outer stride ==
/// inner extent * inner stride joined, as canonicalize does), so S(2, 3) can
/// be grouped as (3, 2). Refused when a boundary still does not divide an
/// extent, e.g. iters (3:1, 4:3) cannot be grouped as (2, 6).
TIRX_HD constexpr GroupedLayout group(const TileLayout& l, const Shape& shape) {
  GroupedLayout g = detail::group_iters(l, shape);
  if (g.ok) return g;
  const TileLayout c = canonicalize(l);
  if (c.rank == l.rank) return g; // nothing to merge
  TileLayout merged = l;          // l with merged shard iters
  merged.rank = c.rank;
  for (int i = 0; i < max_iters; ++i) merged.shard[i] = c.shard[i];
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
TIRX_HD constexpr SliceResult slice(const TileLayout& l, const Shape& shape, const SliceSpec* spec) {
  SliceResult res{};
  GroupedLayout g = group(l, shape);
  if (!g.ok) return res;
  TileLayout out{};
  out.swz = l.swz;
  for (int i = 0; i < l.nreplica; ++i) out.push_replica(l.replica[i]);
  for (int i = 0; i < l.noffset; ++i) out.add_offset(l.offset[i]);
  for (int d = 0; d < shape.rank; ++d) {
    const SliceSpec& s = spec[d];
    int b = g.bound[d], e = g.bound[d + 1];
    if (s.is_index) {
      if (s.begin < 0 || s.begin >= shape.dims[d]) return res;
      detail::add_mode_offset(out, g.layout, b, e, s.begin);
      continue;
    }
    index_t ext = s.extent, step = s.step;
    if (ext < 1 || step < 1 || s.begin < 0 || s.begin + (ext - 1) * step >= shape.dims[d]) return res;
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
      if (i < b) return res;
      const Iter& it = g.layout.shard[i];
      index_t dig = rem % it.extent;
      index_t avail = (it.extent - 1 - dig) / st + 1; // digits left without wrapping
      if (need <= avail) {
        sel[nsel++] = Iter{need, it.stride * st, it.axis};
        need = 1;
      } else {
        // carrying into the next iter is affine only after a whole wrap
        if (it.extent % st != 0 || dig >= st || need % (it.extent / st) != 0) return res;
        sel[nsel++] = Iter{it.extent / st, it.stride * st, it.axis};
        need /= it.extent / st;
      }
      rem /= it.extent;
      st = 1;
      --i;
    }
    for (int k = nsel - 1; k >= 0; --k) out.push_shard(sel[k]);
    if (nsel == 0) out.push_shard(Iter{1, 1, Axis{0}});
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
  GroupedLayout g = group(l, shape);
  if (!g.ok) return res;
  bool seen[max_rank] = {};
  TileLayout out = l;
  out.rank = 0;
  for (int i = 0; i < max_iters; ++i) out.shard[i] = Iter{};
  for (int i = 0; i < shape.rank; ++i) {
    int d = perm[i];
    if (d < 0 || d >= shape.rank || seen[d]) return res;
    seen[d] = true;
    for (int k = g.bound[d]; k < g.bound[d + 1]; ++k) out.push_shard(g.layout.shard[k]);
    res.shape.dims[res.shape.rank++] = shape.dims[d];
  }
  res.layout = out;
  res.ok = true;
  return res;
}

/// Drops every iter, replica and offset that is not on a memory axis: what
/// one thread stores (TIRx storage()). A register tile
/// S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)] stores S[(3, 4) : (4, 1)].
TIRX_HD constexpr TileLayout storage(const TileLayout& l) {
  TileLayout r{};
  for (int i = 0; i < l.rank; ++i)
    if (l.shard[i].axis.is_memory()) r.push_shard(l.shard[i]);
  for (int i = 0; i < l.nreplica; ++i)
    if (l.replica[i].axis.is_memory()) r.push_replica(l.replica[i]);
  for (int i = 0; i < l.noffset; ++i)
    if (l.offset[i].axis.is_memory()) r.add_offset(l.offset[i]);
  r.swz = l.swz;
  return r;
}

/// Blocked product (TIRx tile): `inner` is one tile of inner_shape; `outer`
/// (over outer_shape) places the tiles. The result is over the shape
/// outer_shape[d] * inner_shape[d]; element (o*inner + i) per mode sits at
/// outer(o) * span_inner + inner(i), where outer strides on an axis that
/// inner also uses are scaled by inner's span on that axis.
struct TileResult {
  TileLayout layout{};
  Shape shape{};
  bool ok = false;
};
TIRX_HD constexpr TileResult tiled(const TileLayout& inner, const TileLayout& outer,
                                  const Shape& outer_shape, const Shape& inner_shape) {
  TileResult res{};
  if (outer_shape.rank != inner_shape.rank) return res;
  GroupedLayout gi = group(inner, inner_shape);
  GroupedLayout go = group(outer, outer_shape);
  if (!gi.ok || !go.ok) return res;
  TileLayout out{};
  for (int d = 0; d < outer_shape.rank; ++d) {
    for (int k = go.bound[d]; k < go.bound[d + 1]; ++k) {
      Iter it = go.layout.shard[k];
      bool shared = false;
      for (int q = 0; q < inner.rank; ++q) shared = shared || inner.shard[q].axis == it.axis;
      if (shared) it.stride *= span(inner, it.axis);
      out.push_shard(it);
    }
    for (int k = gi.bound[d]; k < gi.bound[d + 1]; ++k) out.push_shard(gi.layout.shard[k]);
    res.shape.dims[res.shape.rank++] = outer_shape.dims[d] * inner_shape.dims[d];
  }
  for (int i = 0; i < inner.nreplica; ++i) out.push_replica(inner.replica[i]);
  for (int i = 0; i < outer.nreplica; ++i) out.push_replica(outer.replica[i]);
  for (int i = 0; i < inner.noffset; ++i) out.add_offset(inner.offset[i]);
  for (int i = 0; i < outer.noffset; ++i) out.add_offset(outer.offset[i]);
  out.swz = inner.swz;
  res.layout = out;
  res.ok = !out.overflow;
  return res;
}

/// Repeats a tile of tile_shape to cover shape (each mode a multiple of
/// the tile's): the copies are placed row-major on the memory axis m.
TIRX_HD constexpr TileResult tile_to(const TileLayout& inner, const Shape& tile_shape,
                                     const Shape& shape) {
  TileResult res{};
  if (tile_shape.rank != shape.rank) return res;
  Shape outer_shape{};
  for (int d = 0; d < shape.rank; ++d) {
    if (shape.dims[d] % tile_shape.dims[d] != 0) return res;
    outer_shape.dims[outer_shape.rank++] = shape.dims[d] / tile_shape.dims[d];
  }
  return tiled(inner, row_major(outer_shape), outer_shape, tile_shape);
}

} // namespace tirx
