// Layout arithmetic behind Tensor views: reinterpreting the element type and
// choosing a run-time index type. Values only; tensor.hpp turns results into
// types and failures into readable errors.
#pragma once

#include <tirx/layout/ops.hpp>

namespace tirx {

enum class RetypeError {
  none,
  not_contiguous, ///< the innermost mode is not stride-1 on m
  extent_not_divisible,
  stride_not_divisible,
  offset_not_divisible,
  width_not_multiple, ///< neither width divides the other
  swizzle_too_fine,
};

struct RetypeResult {
  TileLayout layout{};
  Shape shape{};
  RetypeError error = RetypeError::none;
};

/// The layout and shape of the same bytes seen as elements of to_bits bits
/// instead of from_bits (view(dtype)). Wider elements merge r neighbours of
/// the last mode, which must be stride-1 on m; narrower ones split each
/// element into r and append a stride-1 iter.
TIRX_HD constexpr RetypeResult retype(const TileLayout& l, const Shape& shape, int from_bits,
                                      int to_bits) {
  RetypeResult res{};
  res.layout = l;
  res.shape = shape;
  if (from_bits == to_bits)
    return res;
  if (to_bits % from_bits != 0 && from_bits % to_bits != 0) {
    res.error = RetypeError::width_not_multiple;
    return res;
  }
  if (to_bits > from_bits) {
    index_t r = to_bits / from_bits;
    int last = shape.rank - 1;
    if (last < 0 || shape.dims[last] % r != 0) {
      res.error = RetypeError::extent_not_divisible;
      return res;
    }
    Shape split = shape;
    split.dims[last] = shape.dims[last] / r;
    split.dims[split.rank++] = r;
    GroupedLayout g = regroup(l, split);
    if (!g.ok) {
      res.error = RetypeError::not_contiguous;
      return res;
    }
    // the new innermost mode (extent r) must be exactly `r : 1@m`
    int b = g.bound[split.rank - 1], e = g.bound[split.rank];
    TileLayout inner{};
    for (int i = b; i < e; ++i)
      inner.push_shard(g.layout.shard[i]);
    inner = canonicalize(inner);
    if (!(inner.rank == 1 && inner.shard[0].axis == Axis{0} && inner.shard[0].stride == 1)) {
      res.error = RetypeError::not_contiguous;
      return res;
    }
    TileLayout out{};
    for (int i = 0; i < b; ++i) {
      Iter it = g.layout.shard[i];
      if (it.axis == Axis{0} && it.extent > 1) {
        if (it.stride % r != 0) {
          res.error = RetypeError::stride_not_divisible;
          return res;
        }
        it.stride /= r;
      }
      out.push_shard(it);
    }
    for (int i = 0; i < l.nreplica; ++i) {
      Iter it = l.replica[i];
      if (it.axis == Axis{0}) {
        if (it.stride % r != 0) {
          res.error = RetypeError::stride_not_divisible;
          return res;
        }
        it.stride /= r;
      }
      out.push_replica(it);
    }
    for (int i = 0; i < l.noffset; ++i) {
      Term t = l.offset[i];
      if (t.axis == Axis{0}) {
        if (t.value % r != 0) {
          res.error = RetypeError::offset_not_divisible;
          return res;
        }
        t.value /= r;
      }
      out.add_offset(t);
    }
    if (l.swz.active()) {
      int lg = 0;
      while ((index_t{1} << lg) < r)
        ++lg;
      if (l.swz.base < lg) {
        res.error = RetypeError::swizzle_too_fine;
        return res;
      }
      out.swz = Swizzle{l.swz.bits, l.swz.base - lg, l.swz.shift};
    }
    res.layout = out;
    res.shape.dims[shape.rank - 1] = shape.dims[shape.rank - 1] / r;
    return res;
  }
  index_t r = from_bits / to_bits;
  TileLayout out{};
  for (int i = 0; i < l.rank; ++i) {
    Iter it = l.shard[i];
    if (it.axis == Axis{0})
      it.stride *= r;
    out.push_shard(it);
  }
  out.push_shard(Iter{r, 1, Axis{0}});
  for (int i = 0; i < l.nreplica; ++i) {
    Iter it = l.replica[i];
    if (it.axis == Axis{0})
      it.stride *= r;
    out.push_replica(it);
  }
  for (int i = 0; i < l.noffset; ++i) {
    Term t = l.offset[i];
    if (t.axis == Axis{0})
      t.value *= r;
    out.add_offset(t);
  }
  if (l.swz.active()) {
    int lg = 0;
    while ((index_t{1} << lg) < r)
      ++lg;
    out.swz = Swizzle{l.swz.bits, l.swz.base + lg, l.swz.shift};
  }
  res.layout = out;
  res.shape.dims[shape.rank - 1] = shape.dims[shape.rank - 1] * r;
  return res;
}

namespace detail {
/// Tensor::view<U>'s rules: one static_assert per error; true when none broke.
template <RetypeError e> TIRX_HD constexpr bool retype_checked() {
  static_assert(e != RetypeError::width_not_multiple,
                "tirx::Tensor::view<U>: one element width must be a multiple of the other");
  static_assert(
      e != RetypeError::extent_not_divisible,
      "tirx::Tensor::view<U>: the last mode's extent must be divisible by the width ratio; "
      "view<...>() to another shape first");
  static_assert(
      e != RetypeError::not_contiguous,
      "tirx::Tensor::view<U>: the elements merged into one U must be consecutive in memory "
      "(the last mode stride-1 on m)");
  static_assert(e != RetypeError::stride_not_divisible,
                "tirx::Tensor::view<U>: every memory stride must be divisible by the width ratio");
  static_assert(
      e != RetypeError::offset_not_divisible,
      "tirx::Tensor::view<U>: the layout's memory offset must be divisible by the width ratio");
  static_assert(e != RetypeError::swizzle_too_fine,
                "tirx::Tensor::view<U>: the swizzle keeps fewer bytes together than one U");
  return e == RetypeError::none;
}
} // namespace detail

} // namespace tirx
