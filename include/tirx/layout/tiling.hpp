// Tiling layouts: the blocked product of an inner tile and an outer layout
// (TIRx tile), and tile_to, which repeats a tile to cover a shape.
#pragma once

#include <tirx/layout/modes.hpp>

namespace tirx {

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
  if (outer_shape.rank != inner_shape.rank)
    return res;
  GroupedLayout gi = group(inner, inner_shape);
  GroupedLayout go = group(outer, outer_shape);
  if (!gi.ok || !go.ok)
    return res;
  TileLayout out{};
  for (int d = 0; d < outer_shape.rank; ++d) {
    for (int k = go.bound[d]; k < go.bound[d + 1]; ++k) {
      Iter it = go.layout.shard[k];
      bool shared = false;
      for (int q = 0; q < inner.rank; ++q)
        shared = shared || inner.shard[q].axis == it.axis;
      if (shared)
        it.stride *= span(inner, it.axis);
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
  res.layout = out;
  res.ok = !out.overflow;
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
