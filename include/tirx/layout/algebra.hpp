// Layout algebra: coalesce, composition, complement, logical_divide,
// logical_product, right_inverse (the operations of CuTe's layout algebra),
// in tirx's row-major convention.
//
// Scope: layouts whose shard iters all lie on ONE axis (usually m) and that
// have no replicas. Such a layout is a function of one integer: the flat
// index x is split row-major over the iters (the LAST iter is innermost) and
// L(x) = sum of digit_k(x) * stride_k (+ offset, then the swizzle).
//
// "Extended" evaluation: the algebra evaluates a layout at any x >= 0; the
// outermost iter is then not reduced modulo its extent (its digit is
// x / (product of the inner extents)), exactly like axis_offset does.
//
// Every function returns a result with ok == false when the operation is
// not admissible (never a wrong layout, never undefined behaviour), so that
// a caller can stop compilation with a message.
#pragma once

#include <tirx/layout/ops.hpp>

namespace tirx {

/// A layout produced by the algebra; ok == false: not admissible.
struct AlgebraResult {
  TileLayout layout{};
  bool ok = false;
};

/// coalesce(L): CuTe's name for canonicalize(L) (same function, fewest iters).
TIRX_HD constexpr TileLayout coalesce(const TileLayout& l) { return canonicalize(l); }

namespace detail {

/// The axis of every shard iter of l (m when l has none); false if several.
TIRX_HD constexpr bool common_axis(const TileLayout& l, Axis& a) {
  a = l.rank > 0 ? l.shard[0].axis : Axis{0};
  for (int i = 1; i < l.rank; ++i)
    if (!(l.shard[i].axis == a))
      return false;
  return true;
}

/// The iters of a single-axis layout, INNERMOST FIRST, coalesced so that the
/// extended function is kept: extent-1 inner iters are dropped, neighbours
/// with stride_outer == extent_inner * stride_inner are merged, and the
/// outermost iter stays (even with extent 1: its stride continues past the
/// end). An empty layout is read as the single iter 1 : 0. Returns the count.
TIRX_HD constexpr int coalesced_inner_first(const TileLayout& l, Axis axis, Iter* out) {
  int n = 0;
  for (int i = l.rank - 1; i >= 0; --i) {
    const Iter& it = l.shard[i];
    if (it.extent == 1 && i > 0)
      continue;
    if (n > 0 && it.stride == out[n - 1].extent * out[n - 1].stride) {
      out[n - 1] = Iter{it.extent * out[n - 1].extent, out[n - 1].stride, axis};
      continue;
    }
    out[n++] = it;
  }
  if (n == 0)
    out[n++] = Iter{1, 0, axis};
  return n;
}

/// Sorts iters by stride, smallest first (insertion sort, stable).
TIRX_HD constexpr void sort_by_stride(Iter* it, index_t* tag, int n) {
  for (int i = 1; i < n; ++i)
    for (int k = i; k > 0 && it[k - 1].stride > it[k].stride; --k) {
      Iter t = it[k];
      it[k] = it[k - 1];
      it[k - 1] = t;
      index_t g = tag[k];
      tag[k] = tag[k - 1];
      tag[k - 1] = g;
    }
}

/// Largest value + 1 of a layout with non-negative strides and no offset.
TIRX_HD constexpr index_t cosize(const TileLayout& l) {
  index_t c = 1;
  for (int i = 0; i < l.rank; ++i)
    c += (l.shard[i].extent - 1) * l.shard[i].stride;
  return c;
}

/// A with B's iters composed through it, appended to out. start[k] is the
/// first result iter of B's iter k (start[b.rank] the end). False when not
/// admissible; see composition().
TIRX_HD constexpr bool compose(const TileLayout& a, const TileLayout& b, TileLayout& out,
                               int* start) {
  Axis ax{}, bx{};
  if (a.nreplica != 0 || b.nreplica != 0 || b.noffset != 0 || b.swz.active())
    return false;
  if (!common_axis(a, ax) || !common_axis(b, bx))
    return false;
  Iter ci[max_iters] = {};
  const int n = coalesced_inner_first(a, ax, ci);
  index_t used[max_iters] = {}; // per A iter: the sum of the largest digits put there
  out = TileLayout{};
  for (int i = 0; i < a.noffset; ++i)
    out.add_offset(a.offset[i]);
  out.swz = a.swz;
  for (int j = 0; j < b.rank; ++j) {
    start[j] = out.rank;
    index_t e = b.shard[j].extent, st = b.shard[j].stride;
    if (e == 1)
      continue;
    if (st < 0)
      return false;
    if (st == 0) {
      out.push_shard(Iter{e, 0, ax});
      continue;
    }
    Iter piece[max_iters] = {}; // innermost first
    int np = 0;
    for (int k = 0; e > 1; ++k) {
      const Iter& c = ci[k];
      if (k == n - 1) { // the outermost iter takes the rest, unbounded
        piece[np++] = Iter{e, st * c.stride, ax};
        break;
      }
      if (st % c.extent == 0) { // digit k of every j*st is 0
        st /= c.extent;
        continue;
      }
      if (c.extent % st != 0)
        return false;
      index_t q = c.extent / st; // values of j that fit in digit k
      index_t take = e <= q ? e : q;
      if (e > q && e % q != 0)
        return false;
      used[k] += (take - 1) * st;
      if (used[k] >= c.extent)
        return false; // B iters would carry into each other
      piece[np++] = Iter{take, st * c.stride, ax};
      e /= take;
      st = 1;
    }
    for (int p = np - 1; p >= 0; --p)
      out.push_shard(piece[p]);
  }
  start[b.rank] = out.rank;
  return !out.overflow;
}

} // namespace detail

/// composition(A, B): R(i) = A(B(i)) for every i < size(B), A evaluated
/// extended (see the top of this file). B's values are plain integers (its
/// axis does not matter); R lies on A's axis and keeps A's offset and swizzle.
///
/// Each iter e : s of B is mapped through A's coalesced iters, innermost
/// first: an A iter of extent E is skipped when E divides s (s /= E), else s
/// must divide E and then E/s values fit (e must be at most E/s or a
/// multiple of it); the outermost A iter takes whatever is left. The pieces
/// of one B iter are emitted outermost first, B's iters in order; a stride-0
/// B iter gives a stride-0 iter. Unlike CuTe (which composes mode by mode),
/// R(i) == A(B(i)) is guaranteed: B iters whose digits in A would add up
/// with a carry (e.g. a non-injective B through a strided A) are refused.
/// Refused also: replicas, an offset or swizzle on B, negative B strides,
/// iters on several axes, more than 16 result iters.
TIRX_HD constexpr AlgebraResult composition(const TileLayout& a, const TileLayout& b) {
  AlgebraResult r{};
  int start[max_iters + 1] = {};
  r.ok = detail::compose(a, b, r.layout, start);
  if (!r.ok)
    r.layout = TileLayout{};
  return r;
}

/// complement(A, M): the iters C (on A's axis, outermost = largest stride
/// first) that fill A's holes: every A(i) + C(j) is distinct and together
/// they cover [0, size(A) * size(C)) (before A's offset). The outermost C
/// iter is the repetition rest : P (P = the period of A and its holes) with
/// rest = ceil(M / P), at least 1, so that size(A) * size(C) >= M; it is
/// kept even with extent 1 so that C's extended function is right.
/// A's offset does not matter (the result has none). Refused unless A's
/// iters of extent > 1 have positive strides that form a divisibility chain
/// (sorted, each stride is a multiple of the previous extent*stride), and
/// when A has replicas, a swizzle or iters on several axes.
TIRX_HD constexpr AlgebraResult complement(const TileLayout& a, index_t M = 1) {
  AlgebraResult r{};
  Axis ax{};
  if (a.nreplica != 0 || a.swz.active() || !detail::common_axis(a, ax))
    return r;
  Iter it[max_iters] = {};
  index_t tag[max_iters] = {};
  int n = 0;
  for (int i = 0; i < a.rank; ++i)
    if (a.shard[i].extent > 1) {
      if (a.shard[i].stride <= 0)
        return r;
      it[n++] = a.shard[i];
    }
  detail::sort_by_stride(it, tag, n);
  Iter piece[max_iters + 1] = {}; // innermost first
  int np = 0;
  index_t cur = 1;
  for (int i = 0; i < n; ++i) {
    if (it[i].stride % cur != 0)
      return r;
    if (it[i].stride / cur > 1)
      piece[np++] = Iter{it[i].stride / cur, cur, ax};
    cur = it[i].extent * it[i].stride;
  }
  piece[np++] = Iter{M > cur ? (M + cur - 1) / cur : 1, cur, ax};
  for (int p = np - 1; p >= 0; --p)
    r.layout.push_shard(piece[p]);
  r.ok = !r.layout.overflow;
  if (!r.ok)
    r.layout = TileLayout{};
  return r;
}

/// logical_divide(A, B) = composition(A, concat(B, complement(B, size(A)))):
/// CuTe's logical_divide in row-major form. Group 0 holds the tile (B's
/// iters composed), group 1 the rest (which tile); flattened row-major the
/// rest is the inner group, so R(t, r) = A(B(t) + C(r)) with flat index
/// t * size(C) + r. When size(B) does not divide size(A), the last tiles
/// reach past size(A) (A is evaluated extended). Refused when B has no
/// complement (see complement) or the composition is not admissible.
TIRX_HD constexpr GroupedLayout logical_divide(const TileLayout& a, const TileLayout& b) {
  GroupedLayout g{};
  AlgebraResult c = complement(b, a.size());
  if (!c.ok)
    return g;
  TileLayout bc = b;
  for (int i = 0; i < c.layout.rank; ++i)
    bc.push_shard(c.layout.shard[i]);
  int start[max_iters + 1] = {};
  if (bc.overflow || !detail::compose(a, bc, g.layout, start)) {
    g.layout = TileLayout{};
    return g;
  }
  g.ngroups = 2;
  g.bound[0] = 0;
  g.bound[1] = start[b.rank];
  g.bound[2] = g.layout.rank;
  g.ok = true;
  return g;
}

/// logical_product(A, B) = concat(A, composition(complement(A, size(A) *
/// cosize(B)), B)): CuTe's logical_product in row-major form. Group 0 is A
/// (unchanged), group 1 the repetitions placed by B in A's holes and beyond:
/// R(a, r) = A(a) + C(B(r)), flat index a * size(B) + r; A's offset and
/// swizzle apply to the whole. Refused when A has no complement, B has
/// negative strides or the composition is not admissible. (A's swizzle, if
/// any, permutes the final addresses; the holes are those of A's iters.)
TIRX_HD constexpr GroupedLayout logical_product(const TileLayout& a, const TileLayout& b) {
  GroupedLayout g{};
  for (int i = 0; i < b.rank; ++i)
    if (b.shard[i].stride < 0)
      return g;
  TileLayout shape_only = a;
  shape_only.noffset = 0;
  for (int i = 0; i < max_offsets; ++i)
    shape_only.offset[i] = Term{};
  shape_only.swz = Swizzle{};
  AlgebraResult c = complement(shape_only, a.size() * detail::cosize(b));
  if (!c.ok)
    return g;
  TileLayout rep{};
  int start[max_iters + 1] = {};
  if (!detail::compose(c.layout, b, rep, start))
    return g;
  g.layout = a;
  for (int i = 0; i < rep.rank; ++i)
    g.layout.push_shard(rep.shard[i]);
  if (g.layout.overflow) {
    g.layout = TileLayout{};
    return g;
  }
  g.ngroups = 2;
  g.bound[0] = 0;
  g.bound[1] = a.rank;
  g.bound[2] = g.layout.rank;
  g.ok = true;
  return g;
}

/// right_inverse(A): R (on m: its values are flat indices of A) with
/// A(R(i)) == i for every i < size(R). R is built from A's iters with
/// positive strides 1, e1, e1*e2, ... (smallest first, as long as the chain
/// goes on), so size(R) is the length of the run 0, 1, 2, ... in A's image
/// when A is injective (size 1, R = empty, when 1 is not in the image).
/// R is coalesced (canonicalize).
/// Refused when A has an offset, replicas, a swizzle or several axes.
TIRX_HD constexpr AlgebraResult right_inverse(const TileLayout& a) {
  AlgebraResult r{};
  Axis ax{};
  if (a.nreplica != 0 || a.noffset != 0 || a.swz.active() || !detail::common_axis(a, ax))
    return r;
  Iter it[max_iters] = {};
  index_t flat_stride[max_iters] = {};
  int n = 0;
  index_t inner = 1;
  for (int i = a.rank - 1; i >= 0; --i) {
    if (a.shard[i].extent > 1 && a.shard[i].stride > 0) {
      it[n] = a.shard[i];
      flat_stride[n++] = inner;
    }
    inner *= a.shard[i].extent;
  }
  detail::sort_by_stride(it, flat_stride, n);
  Iter piece[max_iters] = {}; // innermost first
  int np = 0;
  index_t cur = 1;
  for (int i = 0; i < n; ++i) {
    if (it[i].stride < cur)
      continue; // its values are reached already
    if (it[i].stride > cur)
      break; // cur is not in the image
    piece[np++] = Iter{it[i].extent, flat_stride[i], Axis{0}};
    cur *= it[i].extent;
  }
  for (int p = np - 1; p >= 0; --p)
    r.layout.push_shard(piece[p]);
  r.layout = canonicalize(r.layout);
  r.ok = true;
  return r;
}

} // namespace tirx
