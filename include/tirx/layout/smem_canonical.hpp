// The canonical shared-memory layouts of a box (a TMA box, a tensor-core
// operand tile): the row-major box, unswizzled or with one of the 32-, 64-
// and 128-byte XOR swizzles of layout/parts.hpp. tma_swizzle_of recognizes
// them and says which swizzle a layout uses, or which rule it breaks; the
// tensor maps (tensor/tensor_map.hpp) and the tensor-core descriptors share
// this one recognition.
//
//   row_major(box)                                          SwizzleMode::none
//   row_major(box) ^ swizzle_for(SwizzleMode::b128, bytes)  SwizzleMode::b128 (b64, b32 alike)
//
// With a swizzle, the box's inner row (innermost extent x element bytes)
// must be exactly the swizzle's span (32, 64 or 128 bytes); without one, a
// multiple of 16 bytes.
#pragma once

#include <tirx/layout/tile_layout.hpp>

namespace tirx {

/// The bytes one row of a swizzle spans: 16 (none), 32, 64, 128.
TIRX_HD constexpr int swizzle_bytes(SwizzleMode mode) {
  return mode == SwizzleMode::none ? 16 : 16 << static_cast<int>(mode);
}

/// Why a layout is not a canonical shared layout of a box.
enum class SmemCanonError {
  none,
  box_rank,                   ///< the box has no mode, or more than max_rank
  not_row_major,              ///< not the row-major box (with or without a swizzle)
  not_a_swizzle_mode,         ///< a swizzle other than swizzle_for(mode, element bytes)
  inner_not_16_bytes,         ///< the inner row is not a multiple of 16 bytes
  inner_longer_than_swizzle,  ///< the inner row is longer than the swizzle's span
  inner_shorter_than_swizzle, ///< the inner row is shorter than the swizzle's span
};

/// The recognition's answer: the swizzle mode, or the broken rule.
struct SmemCanon {
  SmemCanonError error = SmemCanonError::none;
  SwizzleMode mode = SwizzleMode::none;
  TIRX_HD constexpr bool ok() const { return error == SmemCanonError::none; }
};

/// Whether layout is a canonical shared layout of box for elements of
/// element_bytes bytes, and with which swizzle.
TIRX_HD constexpr SmemCanon tma_swizzle_of(const TileLayout& layout, const Shape& box,
                                           int element_bytes) {
  if (box.rank < 1 || box.rank > max_rank || !box.valid())
    return {SmemCanonError::box_rank, SwizzleMode::none};
  TileLayout plain = layout;
  plain.swz = Swizzle{};
  if (!(plain == row_major(box)))
    return {SmemCanonError::not_row_major, SwizzleMode::none};
  SwizzleMode mode = SwizzleMode::none;
  if (layout.swz.active()) {
    const SwizzleMode modes[] = {SwizzleMode::b32, SwizzleMode::b64, SwizzleMode::b128};
    bool found = false;
    for (SwizzleMode m : modes)
      if (layout.swz == swizzle_for(m, element_bytes)) {
        mode = m;
        found = true;
      }
    if (!found)
      return {SmemCanonError::not_a_swizzle_mode, SwizzleMode::none};
  }
  const index_t inner = box.dims[box.rank - 1] * element_bytes;
  if (inner % 16 != 0)
    return {SmemCanonError::inner_not_16_bytes, mode};
  if (mode != SwizzleMode::none && inner > swizzle_bytes(mode))
    return {SmemCanonError::inner_longer_than_swizzle, mode};
  if (mode != SwizzleMode::none && inner < swizzle_bytes(mode))
    return {SmemCanonError::inner_shorter_than_swizzle, mode};
  return {SmemCanonError::none, mode};
}

/// The same for elements of type T: tma_swizzle_of<bfloat16>(layout, box).
template <class T>
TIRX_HD constexpr SmemCanon tma_swizzle_of(const TileLayout& layout, const Shape& box) {
  return tma_swizzle_of(layout, box, static_cast<int>(sizeof(T)));
}

/// The canonical layout of a box with a swizzle mode (the inverse).
TIRX_HD constexpr TileLayout tma_smem_layout(const Shape& box, SwizzleMode mode,
                                             int element_bytes) {
  TileLayout l = row_major(box);
  if (mode != SwizzleMode::none)
    l.swz = swizzle_for(mode, element_bytes);
  return l;
}

/// The shared-memory alignment a swizzle's pattern repeats at (the bytes of
/// eight of its rows): 128 without a swizzle, 256, 512 and 1024 bytes. A
/// box lands on the pattern that the layout describes only at an address
/// with this alignment.
TIRX_HD constexpr int swizzle_atom_bytes(SwizzleMode mode) {
  return mode == SwizzleMode::none ? 128 : 8 * swizzle_bytes(mode);
}

} // namespace tirx
