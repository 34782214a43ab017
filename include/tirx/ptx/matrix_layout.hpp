// The register fragments of a warp's matrix instructions as TileLayouts
// over logical tiles, on the axes laneid and m (the thread's register
// slot), printable with print_layout:
//   ldmatrix_fragment_layout(count, trans)  (8 * count, 8): count 8 x 8
//       matrices stacked down the rows; lane l holds (l/4, 2(l%4) + c) of
//       each (trans: (2(l%4) + c, l/4)), slots 2i, 2i + 1 from matrix i
//   mma_a_fragment_layout(bytes, K)   A of mma.sync.m16n8kK, (16, K)
//   mma_b_fragment_layout(bytes, K)   B of mma.sync.m16n8kK, (8, K): B
//                                     transposed (N, K), as wgmma's B
//   mma_c_fragment_layout()           C and D, (16, 8)
// (bytes: of one A/B element: 2 f16/bf16, 4 tf32, 1 s8/u8/e4m3/e5m2).
// matrix_fragment_of() reads any register layout as count 8 x 8 matrices
// of 16-bit elements, the unit ldmatrix, stmatrix and movmatrix move: per
// matrix its corner and the logical steps of "next row" (lane + 4) and
// "next column" (slot + 1). ldmatrix and stmatrix never change a logical
// coordinate: the fragment's layout says which lane holds which element,
// the shared tile's layout where it lies.
#pragma once

#include <tirx/layout/measure.hpp>
#include <tirx/layout/tile_layout.hpp>

namespace tirx {

/// The ldmatrix (and stmatrix) fragment of `count` (1, 2, 4) 8 x 8
/// matrices over (8 * count, 8); trans: the fragment of a .trans load
/// (lane l holds column l/4 of the stored rows).
TIRX_HD constexpr TileLayout ldmatrix_fragment_layout(int count, bool trans) {
  TileLayout l{};
  const Axis m{0}, lane{1};
  if (count > 1)
    l.push_shard(Iter{count, 2, m});
  if (!trans) {
    l.push_shard(Iter{8, 4, lane}); // row: lane / 4
    l.push_shard(Iter{4, 1, lane}); // column pair: lane % 4
    l.push_shard(Iter{2, 1, m});
  } else {
    l.push_shard(Iter{4, 1, lane}); // row pair: lane % 4
    l.push_shard(Iter{2, 1, m});
    l.push_shard(Iter{8, 4, lane}); // column: lane / 4
  }
  return l;
}

/// A of mma.sync.m16n8kK over (16, K), K = 4, 8 (tf32), 8, 16 (16-bit), 16,
/// 32 (8-bit): row g + 8i and columns (4/bytes) * (4j + t) + c for lane
/// 4g + t, slot c + (4/bytes) * (i + 2j) (PTX's figures for each type).
TIRX_HD constexpr TileLayout mma_a_fragment_layout(int bytes, index_t k) {
  TileLayout l{};
  const Axis m{0}, lane{1};
  const index_t per = 4 / bytes; // elements in one 32-bit register
  l.push_shard(Iter{2, per, m});
  l.push_shard(Iter{8, 4, lane});
  if (k / (4 * per) > 1)
    l.push_shard(Iter{k / (4 * per), 2 * per, m});
  l.push_shard(Iter{4, 1, lane});
  if (per > 1)
    l.push_shard(Iter{per, 1, m});
  return l;
}

/// B of mma.sync.m16n8kK over (8, K) (N, K): column n = g and rows
/// (4/bytes) * (4j + t) + c of B for lane 4g + t, slot c + (4/bytes) * j.
TIRX_HD constexpr TileLayout mma_b_fragment_layout(int bytes, index_t k) {
  TileLayout l{};
  const Axis m{0}, lane{1};
  const index_t per = 4 / bytes;
  l.push_shard(Iter{8, 4, lane});
  if (k / (4 * per) > 1)
    l.push_shard(Iter{k / (4 * per), per, m});
  l.push_shard(Iter{4, 1, lane});
  if (per > 1)
    l.push_shard(Iter{per, 1, m});
  return l;
}

/// C and D of mma.sync.m16n8kK over (16, 8): row g + 8i, column 2t + c for
/// lane 4g + t, slot c + 2i (four f32 or s32 registers, or two f16x2).
TIRX_HD constexpr TileLayout mma_c_fragment_layout() {
  TileLayout l{};
  const Axis m{0}, lane{1};
  l.push_shard(Iter{2, 2, m});
  l.push_shard(Iter{8, 4, lane});
  l.push_shard(Iter{4, 1, lane});
  l.push_shard(Iter{2, 1, m});
  return l;
}

/// A register layout read as `count` 8 x 8 matrices of the ldmatrix
/// fragment (see the header comment), or the first reason it is none.
struct MatrixFragment {
  enum class Error {
    none,
    not_two_modes, ///< the tensor is not (rows, cols)
    axes,          ///< an axis other than laneid and m, a replica, an offset or a swizzle
    slots,         ///< not 32 lanes x 2 * count distinct slots
    not_8x8,       ///< the slots of a register are not one 8 x 8 matrix in ldmatrix order
  };
  Error error = Error::none;
  index_t row[4] = {}, col[4] = {}; ///< matrix q's element held by lane 0, slot 2q
  index_t down_r = 0, down_c = 0;   ///< the logical step of lane + 4 (a fragment row)
  index_t right_r = 0, right_c = 0; ///< the logical step of slot + 1 (a fragment column)
};

TIRX_HD constexpr MatrixFragment matrix_fragment_of(const TileLayout& l, const Shape& s,
                                                    int count) {
  using E = MatrixFragment::Error;
  MatrixFragment f{};
  if (s.rank != 2) {
    f.error = E::not_two_modes;
    return f;
  }
  const index_t cols = s.dims[1];
  const Axis m{0}, lane{1};
  bool axes_ok = l.nreplica == 0 && l.noffset == 0 && !l.swz.active();
  for (int i = 0; i < l.rank; ++i)
    axes_ok = axes_ok && (l.shard[i].axis == m || l.shard[i].axis == lane);
  if (!axes_ok) {
    f.error = E::axes;
    return f;
  }
  if (s.size() != 64 * count || l.size() != s.size()) {
    f.error = E::slots;
    return f;
  }
  index_t at[32][8] = {}; // flat logical index + 1 held by (lane, slot)
  for (index_t e = 0; e < s.size(); ++e) {
    const Coord c = apply(l, e);
    const index_t ln = c[lane], sl = c[m];
    if (ln < 0 || ln >= 32 || sl < 0 || sl >= 2 * count || at[ln][sl] != 0) {
      f.error = E::slots;
      return f;
    }
    at[ln][sl] = e + 1;
  }
  auto rc = [&](index_t ln, index_t sl, index_t& r, index_t& c) {
    r = (at[ln][sl] - 1) / cols;
    c = (at[ln][sl] - 1) % cols;
  };
  index_t r0 = 0, c0 = 0, r1 = 0, c1 = 0, r2 = 0, c2 = 0;
  rc(0, 0, r0, c0);
  rc(4, 0, r1, c1);
  rc(0, 1, r2, c2);
  f.down_r = r1 - r0, f.down_c = c1 - c0;
  f.right_r = r2 - r0, f.right_c = c2 - c0;
  const bool unit_down = (f.down_r == 1 && f.down_c == 0) || (f.down_r == 0 && f.down_c == 1);
  const bool unit_right = (f.right_r == 1 && f.right_c == 0) || (f.right_r == 0 && f.right_c == 1);
  if (!unit_down || !unit_right || f.down_r == f.right_r) {
    f.error = E::not_8x8;
    return f;
  }
  for (int q = 0; q < count; ++q) {
    rc(0, 2 * q, f.row[q], f.col[q]);
    for (index_t ln = 0; ln < 32; ++ln)
      for (index_t c = 0; c < 2; ++c) {
        index_t r = 0, k = 0;
        rc(ln, 2 * q + c, r, k);
        const index_t across = 2 * (ln % 4) + c;
        if (r != f.row[q] + (ln / 4) * f.down_r + across * f.right_r ||
            k != f.col[q] + (ln / 4) * f.down_c + across * f.right_c) {
          f.error = E::not_8x8;
          return f;
        }
      }
  }
  return f;
}

/// Whether a shared layout l over shape s stores, for every matrix of
/// fragment f, each of the 8 lines the instruction moves as one 16-byte
/// row (8 consecutive 16-bit elements starting on a multiple of 8): the
/// lines run along the fragment's columns (a plain load) or its rows
/// (.trans).
TIRX_HD constexpr bool rows_are_16_bytes(const MatrixFragment& f, int count, bool trans,
                                         const TileLayout& l, const Shape& s) {
  const index_t cols = s.dims[1];
  auto off = [&](index_t r, index_t c) { return apply(l, r * cols + c)[Axis{0}]; };
  // line x starts one fragment row (plain) or column (.trans) further
  const index_t sr = trans ? f.right_r : f.down_r, sc = trans ? f.right_c : f.down_c;
  const index_t ar = trans ? f.down_r : f.right_r, ac = trans ? f.down_c : f.right_c;
  for (int q = 0; q < count; ++q)
    for (index_t x = 0; x < 8; ++x) {
      const index_t r = f.row[q] + x * sr, c = f.col[q] + x * sc;
      const index_t base = off(r, c);
      if (base % 8 != 0)
        return false;
      for (index_t k = 1; k < 8; ++k)
        if (off(r + k * ar, c + k * ac) != base + k)
          return false;
    }
  return true;
}

} // namespace tirx
