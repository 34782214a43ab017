// Tiling layouts: the blocked product of an inner tile and an outer layout
// (TIRx tile), and tile_to, which repeats a tile to cover a shape.
#pragma once

#include <tirx/layout/modes.hpp>

namespace tirx {

/// True when the thread axes of l break TIRx's well-formedness (see
/// thread_scope_error): validate() reports it as a LayoutError.
TIRX_HD constexpr bool thread_scopes_broken(const TileLayout& l) {
  LayoutError e = validate(l);
  return e == LayoutError::thread_scope_conflict || e == LayoutError::thread_scope_disconnected;
}

/// TIRx's tile checks the scopes as its check_well_formed does: only when a
/// shard iter is on an axis other than a memory axis (validate() always).
TIRX_HD constexpr bool tile_scopes_broken(const TileLayout& l) {
  bool threads = false;
  for (int i = 0; i < l.rank; ++i)
    threads = threads || !l.shard[i].axis.is_memory();
  return threads && thread_scopes_broken(l);
}

/// Blocked product (TIRx tile): `inner` is one tile of inner_shape; `outer`
/// (over outer_shape) places the tiles. The result is over the shape
/// outer_shape[d] * inner_shape[d]; element (o*inner + i) per mode sits at
/// outer(o) * span_inner + inner(i): an outer stride on an axis that a shard
/// iter of canonicalize(inner) uses is scaled by span(inner, axis).
/// The iters interleave by mode (outer's, then inner's), and the result is
/// canonicalized, as TIRx does; replicas and offsets of both are kept, and
/// inner's swizzle. Both are canonicalized before they are grouped (as TIRx
/// does). Refused where TIRx refuses (shapes that do not group, a result
/// whose thread axes are not well formed) and where TIRx would overlap the
/// tiles: an inner layout that reaches below zero or has a negative stride
/// on a scaled axis (TIRx's span is no bound there); refused for a swizzled
/// outer layout (TIRx accepts none; its swizzle would be lost).
struct TileResult {
  TileLayout layout{};
  Shape shape{};
  bool ok = false;
};
TIRX_HD constexpr TileResult tiled(const TileLayout& inner, const TileLayout& outer,
                                   const Shape& outer_shape, const Shape& inner_shape) {
  TileResult res{};
  if (outer_shape.rank != inner_shape.rank || outer.swz.active())
    return res;
  // TIRx groups the canonical iters of both
  const TileLayout ci = canonicalize(inner);
  GroupedLayout gi = group(ci, inner_shape);
  GroupedLayout go = group(canonicalize(outer), outer_shape);
  if (!gi.ok || !go.ok)
    return res;
  TileLayout out{};
  for (int d = 0; d < outer_shape.rank; ++d) {
    for (int k = go.bound[d]; k < go.bound[d + 1]; ++k) {
      Iter it = go.layout.shard[k];
      bool shared = false;
      for (int q = 0; q < ci.rank; ++q)
        shared = shared || ci.shard[q].axis == it.axis;
      if (shared) {
        bool overlap = range_on(inner, it.axis).lo < 0 || has_negative_stride(inner, it.axis);
        if (overlap && it.extent > 1)
          return res;
        it.stride *= span(inner, it.axis);
      }
      out.push_shard(it);
    }
    for (int k = gi.bound[d]; k < gi.bound[d + 1]; ++k)
      out.push_shard(gi.layout.shard[k]);
    res.shape.dims[res.shape.rank++] = outer_shape.dims[d] * inner_shape.dims[d];
  }
  for (int i = 0; i < inner.nreplica; ++i)
    out.push_replica(inner.replica[i]);
  for (int i = 0; i < outer.nreplica; ++i)
    out.push_replica(outer.replica[i]);
  for (int i = 0; i < inner.noffset; ++i)
    out.add_offset(inner.offset[i]);
  for (int i = 0; i < outer.noffset; ++i)
    out.add_offset(outer.offset[i]);
  out.swz = inner.swz;
  res.layout = canonicalize(out);
  // TIRx checks the thread axes of both (canonical) layouts and of the result
  res.ok = !out.overflow && !tile_scopes_broken(ci) && !tile_scopes_broken(canonicalize(outer)) &&
           !tile_scopes_broken(res.layout);
  return res;
}

/// Repeats a tile of tile_shape to cover shape (each mode a multiple of
/// the tile's): the copies are placed row-major on the memory axis m.
TIRX_HD constexpr TileResult tile_to(const TileLayout& inner, const Shape& tile_shape,
                                     const Shape& shape) {
  TileResult res{};
  if (tile_shape.rank != shape.rank)
    return res;
  Shape outer_shape{};
  for (int d = 0; d < shape.rank; ++d) {
    if (shape.dims[d] % tile_shape.dims[d] != 0)
      return res;
    outer_shape.dims[outer_shape.rank++] = shape.dims[d] / tile_shape.dims[d];
  }
  return tiled(inner, row_major(outer_shape), outer_shape, tile_shape);
}

} // namespace tirx
