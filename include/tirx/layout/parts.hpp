// The parts of a TileLayout: its capacity, the Iter (`extent : stride@axis`),
// the Swizzle of the memory axis, and the Coord that evaluating a layout
// gives (tile_layout.hpp, which includes this header).
#pragma once

#include <tirx/layout/axis.hpp>

namespace tirx {

inline constexpr int max_iters = 16;   ///< shard iters of one layout
inline constexpr int max_replicas = 8; ///< replica iters of one layout
inline constexpr int max_offsets = 8;  ///< axes with a non-zero offset
/// Distinct axes one evaluation reports: as many as a layout has terms, so
/// that no layout the capacity admits loses an axis when it is evaluated.
inline constexpr int max_axes = max_iters + max_replicas + max_offsets;

/// One iter: `extent : stride@axis`.
struct Iter {
  index_t extent = 0;
  index_t stride = 0;
  Axis axis{};
  constexpr bool operator==(const Iter&) const = default;
};

/// XOR swizzle of the memory axis (TIRx's per_element M, swizzle_len B,
/// atom_len S): with x = m >> M, bits [S, S+B) of x are XORed into bits
/// [0, B); the low M bits of m are kept. B = 0 means no swizzle.
struct Swizzle {
  int bits = 0;  ///< B
  int base = 0;  ///< M
  int shift = 0; ///< S
  constexpr bool operator==(const Swizzle&) const = default;
  TIRX_HD constexpr bool active() const { return bits > 0; }
  TIRX_HD constexpr index_t apply(index_t addr) const {
    if (bits == 0)
      return addr;
    index_t x = addr >> base;
    index_t mask = ((index_t{1} << bits) - 1) << shift;
    x ^= (x & mask) >> shift;
    return (x << base) | (addr & ((index_t{1} << base) - 1));
  }
};

/// The 32-, 64- and 128-byte shared-memory swizzles for an element size:
/// B = 1, 2, 3; S = 3; M keeps 16 bytes together.
enum class SwizzleMode { none = 0, b32 = 1, b64 = 2, b128 = 3 };
TIRX_HD constexpr Swizzle swizzle_for(SwizzleMode mode, int element_bytes) {
  int m = 0;
  for (int chunk = 16 / (element_bytes > 0 ? element_bytes : 1); chunk > 1; chunk >>= 1)
    ++m;
  if (mode == SwizzleMode::none)
    return Swizzle{};
  return Swizzle{static_cast<int>(mode), m, 3};
}

/// Per-axis coordinates produced by evaluating a layout.
struct Coord {
  int n = 0;
  Axis axis[max_axes] = {};
  index_t value[max_axes] = {};

  TIRX_HD constexpr index_t operator[](const Axis& a) const {
    for (int i = 0; i < n; ++i)
      if (axis[i] == a)
        return value[i];
    return 0;
  }
  TIRX_HD constexpr void add(const Axis& a, index_t v) {
    for (int i = 0; i < n; ++i)
      if (axis[i] == a) {
        value[i] += v;
        return;
      }
    axis[n] = a; // n < max_axes: a layout has at most max_axes distinct axes
    value[n++] = v;
  }
};

} // namespace tirx
