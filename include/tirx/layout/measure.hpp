// Layout operations that measure or simplify one layout: size, range_on,
// span, canonicalize, storage, and the thread coordinates a register layout
// may reach. All constexpr on values.
#pragma once

#include <tirx/layout/tile_layout.hpp>

namespace tirx {

/// Number of logical elements (product of the shard extents).
TIRX_HD constexpr index_t size(const TileLayout& l) { return l.size(); }

/// Product of the shard extents placed on axis a.
TIRX_HD constexpr index_t size(const TileLayout& l, Axis a) {
  index_t s = 1;
  for (int i = 0; i < l.rank; ++i)
    if (l.shard[i].axis == a)
      s *= l.shard[i].extent;
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
    if (!(it.axis == a))
      return;
    index_t reach = (it.extent - 1) * it.stride;
    if (reach > 0)
      r.hi += reach;
    else
      r.lo += reach;
  };
  for (int i = 0; i < l.rank; ++i)
    add(l.shard[i]);
  for (int i = 0; i < l.nreplica; ++i)
    add(l.replica[i]);
  return r;
}

/// Span on axis a, as TIRx defines it: the highest coordinate + 1, counted
/// from zero (offset and replicas included, before the swizzle). For a
/// layout without negative strides on a this is TIRx's
/// 1 + offset + sum((extent - 1) * stride); TIRx's sum also adds the
/// negative reaches, which gives no bound (S[8 : -1] + 7 spans 1 in TIRx,
/// 8 here). A swizzle does not change the span (TIRx's neither); the
/// allocations round it to whole swizzle blocks themselves.
TIRX_HD constexpr index_t span(const TileLayout& l, Axis a = Axis{0}) {
  return range_on(l, a).hi + 1;
}

/// True when an iter (shard or replica, extent above 1) on axis a has a
/// negative stride: span() and TIRx's formula differ there.
TIRX_HD constexpr bool has_negative_stride(const TileLayout& l, Axis a) {
  for (int i = 0; i < l.rank; ++i)
    if (l.shard[i].axis == a && l.shard[i].extent > 1 && l.shard[i].stride < 0)
      return true;
  for (int i = 0; i < l.nreplica; ++i)
    if (l.replica[i].axis == a && l.replica[i].extent > 1 && l.replica[i].stride < 0)
      return true;
  return false;
}

/// The same function with the fewest shard iters (TIRx canonicalize): drops
/// extent-1 iters and merges neighbours on one axis (outer e0:s0, inner
/// e1:s1 with s0 == e1*s1). A shard of extent-1 iters only keeps one iter
/// `1 : 1` on the first iter's axis. Replica iters are kept, extent-1 ones
/// too, as TIRx keeps them, sorted by axis code, then stride, then extent
/// (TIRx orders them by an internal hash); offsets and swizzle are kept.
TIRX_HD constexpr TileLayout canonicalize(const TileLayout& l) {
  TileLayout r{};
  for (int i = 0; i < l.rank; ++i)
    if (l.shard[i].extent != 1)
      r.push_shard(l.shard[i]);
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i + 1 < r.rank; ++i) {
      Iter& o = r.shard[i];
      const Iter& in = r.shard[i + 1];
      if (o.axis == in.axis && o.stride == in.extent * in.stride) {
        o = Iter{o.extent * in.extent, in.stride, in.axis};
        for (int k = i + 1; k + 1 < r.rank; ++k)
          r.shard[k] = r.shard[k + 1];
        r.shard[--r.rank] = Iter{};
        changed = true;
        break;
      }
    }
  }
  if (r.rank == 0 && l.rank > 0)
    r.push_shard(Iter{1, 1, l.shard[0].axis});
  for (int i = 0; i < l.nreplica; ++i) {
    r.push_replica(l.replica[i]);
    for (int k = r.nreplica - 1; k > 0; --k) {
      const Iter& p = r.replica[k - 1];
      const Iter& q = r.replica[k];
      bool swap = p.axis.code != q.axis.code ? p.axis.code > q.axis.code
                  : p.stride != q.stride     ? p.stride > q.stride
                                             : p.extent > q.extent;
      if (!swap)
        break;
      Iter t = r.replica[k];
      r.replica[k] = r.replica[k - 1];
      r.replica[k - 1] = t;
    }
  }
  for (int i = 0; i < l.noffset; ++i)
    r.add_offset(l.offset[i]);
  r.swz = l.swz;
  return r;
}

/// l without its offsets, canonical: the arrangement alone, wherever it
/// starts (a register view's first slot, a TMEM region's address).
TIRX_HD constexpr TileLayout without_offsets(const TileLayout& l) {
  TileLayout r = l;
  r.noffset = 0;
  for (Term& t : r.offset)
    t = Term{};
  return canonicalize(r);
}

/// Drops every iter, replica and offset that is not on a memory axis: what
/// one thread stores (TIRx storage()). A register tile
/// S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)] stores S[(3, 4) : (4, 1)].
TIRX_HD constexpr TileLayout storage(const TileLayout& l) {
  TileLayout r{};
  for (int i = 0; i < l.rank; ++i)
    if (l.shard[i].axis.is_memory())
      r.push_shard(l.shard[i]);
  for (int i = 0; i < l.nreplica; ++i)
    if (l.replica[i].axis.is_memory())
      r.push_replica(l.replica[i]);
  for (int i = 0; i < l.noffset; ++i)
    if (l.offset[i].axis.is_memory())
      r.add_offset(l.offset[i]);
  r.swz = l.swz;
  return r;
}

namespace detail {
/// The first thread axis on which a layout reaches outside the threads of a
/// CTA (laneid 0..31, warpid 0..31, wgid 0..7, tid_in_wg 0..127, wid_in_wg
/// 0..3, tx 0..1023); 0 when none does.
TIRX_HD constexpr index_t thread_reach_error(const TileLayout& l) {
  constexpr index_t limits[][2] = {{axis_id::laneid, 32},   {axis_id::warpid, 32},
                                   {axis_id::wgid, 8},      {axis_id::tid_in_wg, 128},
                                   {axis_id::wid_in_wg, 4}, {axis_id::tx, 1024}};
  for (const auto& lim : limits) {
    Range r = range_on(l, Axis{lim[0]});
    if (r.lo < 0 || r.hi >= lim[1])
      return lim[0];
  }
  return 0;
}

/// Stops compilation when a register tensor's layout names threads that a
/// CTA does not have (every Tensor type of local scope checks it: Register).
template <TileLayout L, bool Register = true> TIRX_HD constexpr bool check_register_threads() {
  constexpr index_t e = Register ? thread_reach_error(L) : 0;
  static_assert(e != axis_id::laneid,
                "tirx::Tensor: a register tensor's laneid coordinates must lie in 0..31 (a warp "
                "has 32 lanes); split the thread mode into (warps, 32), e.g. S[(4, 32, 4) : "
                "(1@warpid, 1@laneid, 1)]");
  static_assert(e != axis_id::warpid,
                "tirx::Tensor: a register tensor's warpid coordinates must lie in 0..31 (a CTA "
                "has at most 32 warps, 1024 threads); give it fewer warps and more register "
                "slots per thread");
  static_assert(e != axis_id::wgid,
                "tirx::Tensor: a register tensor's wgid coordinates must lie in 0..7 (a CTA has "
                "at most 8 warpgroups, 1024 threads); give it fewer warpgroups and more register "
                "slots per thread");
  static_assert(e != axis_id::tid_in_wg,
                "tirx::Tensor: a register tensor's tid_in_wg coordinates must lie in 0..127 (a "
                "warpgroup has 128 threads); put the further threads on wgid, e.g. (2, 128) : "
                "(1@wgid, 1@tid_in_wg)");
  static_assert(e != axis_id::wid_in_wg,
                "tirx::Tensor: a register tensor's wid_in_wg coordinates must lie in 0..3 (a "
                "warpgroup has 4 warps); put the further warps on wgid, e.g. (2, 4, 32) : "
                "(1@wgid, 1@wid_in_wg, 1@laneid)");
  static_assert(e != axis_id::tx,
                "tirx::Tensor: a register tensor's tx coordinates must lie in 0..1023 (a CTA has "
                "at most 1024 threads); give it fewer threads and more register slots per thread");
  return e == 0;
}
} // namespace detail

} // namespace tirx
