// The layouts of wgmma's operands as TileLayouts. The shared tiles: every
// operand is viewed as (MN, K) (A as 64 x K, B as N x K, i.e. B transposed),
// K-major (K has stride 1) or MN-major (MN has stride 1), in one of the
// canonical forms PTX's matrix descriptors describe: the 128-, 64- and
// 32-byte swizzles (rows of 128, 64, 32 bytes, 8 rows to a swizzle atom)
// or the unswizzled interleaved form (8 x 16-byte core matrices).
// smem_matrix_of() reads a layout and returns the descriptor's facts (or
// why the layout is not canonical); wgmma_smem_layout() builds one. The
// register fragments: the m64nN accumulator and the m64kK A fragment of a
// warpgroup, over (wid_in_wg, laneid) and each thread's registers.
#pragma once

#include <tirx/layout/measure.hpp>
#include <tirx/layout/tile_layout.hpp>

namespace tirx {

/// Which mode of an (MN, K) shared operand has stride 1.
enum class MatrixMajor { k, mn };

/// The facts of a shared operand that its matrix descriptor holds, or the
/// first reason it has none.
struct SmemMatrix {
  enum class Error {
    none,
    not_two_modes,    ///< the tensor is not (MN, K)
    swizzle,          ///< a swizzle other than swizzle_for(mode, element bytes)
    no_unit_stride,   ///< neither K nor MN has stride 1
    not_canonical,    ///< the offsets are not those of the canonical form
    offset_too_large, ///< LBO or SBO above the descriptor's 14 bits of 16-byte units
    misaligned,       ///< the start (the layout's offset) is not on 16 bytes
  };
  Error error = Error::none;
  MatrixMajor major = MatrixMajor::k;
  SwizzleMode mode = SwizzleMode::none;
  index_t lbo = 0;   ///< leading byte offset (bytes)
  index_t sbo = 0;   ///< stride byte offset (bytes)
  index_t start = 0; ///< bytes from data() to element (0, 0) before the swizzle
  /// The descriptor's layout field: 0 none, 1 128B, 2 64B, 3 32B.
  TIRX_HD constexpr int mode_bits() const {
    return mode == SwizzleMode::b128  ? 1
           : mode == SwizzleMode::b64 ? 2
           : mode == SwizzleMode::b32 ? 3
                                      : 0;
  }
  /// Bytes of one swizzle row (16 for the interleaved form).
  TIRX_HD constexpr index_t row_bytes() const {
    return mode == SwizzleMode::none ? 16 : index_t{16} << static_cast<int>(mode);
  }
};

namespace detail {
/// The memory offset of (mn, k) of an (MN, K) tensor, before the swizzle.
TIRX_HD constexpr index_t unswizzled_at(const TileLayout& l, index_t k_extent, index_t mn,
                                        index_t k) {
  TileLayout u = l;
  u.swz = Swizzle{};
  return apply(u, mn * k_extent + k)[Axis{0}];
}
} // namespace detail

/// The descriptor facts of a shared operand of shape s = (MN, K), layout l
/// and elements of `bytes` bytes (see the header comment).
TIRX_HD constexpr SmemMatrix smem_matrix_of(const TileLayout& l, const Shape& s, int bytes) {
  using E = SmemMatrix::Error;
  SmemMatrix r{};
  if (s.rank != 2 || bytes <= 0) {
    r.error = E::not_two_modes;
    return r;
  }
  const index_t mn = s.dims[0], kk = s.dims[1];
  bool found = false;
  for (int m = 0; m <= 3 && !found; ++m)
    if (l.swz == swizzle_for(static_cast<SwizzleMode>(m), bytes)) {
      r.mode = static_cast<SwizzleMode>(m);
      found = true;
    }
  if (!found) {
    r.error = E::swizzle;
    return r;
  }
  const index_t o = detail::unswizzled_at(l, kk, 0, 0);
  auto at = [&](index_t i, index_t j) { return detail::unswizzled_at(l, kk, i, j) - o; };
  if (kk > 1 && at(0, 1) == 1)
    r.major = MatrixMajor::k;
  else if (mn > 1 && at(1, 0) == 1)
    r.major = MatrixMajor::mn;
  else {
    r.error = E::no_unit_stride;
    return r;
  }
  const index_t core = 16 / bytes;         // elements of 16 bytes
  const index_t w = r.row_bytes() / bytes; // elements of one swizzle row
  const bool kmaj = r.major == MatrixMajor::k;
  const bool swz = r.mode != SwizzleMode::none;
  // the strides the canonical form leaves free, read where the tile has them
  index_t lbo = 0, sbo = 0;
  if (kmaj && swz) {
    sbo = mn > 8 ? at(8, 0) : 8 * w;
    lbo = 1; // unused by a K-major swizzled operand
  } else if (kmaj) {
    lbo = kk > core ? at(0, core) : 8 * core;
    sbo = mn > 8 ? at(8, 0) : 8 * core;
  } else if (swz) {
    lbo = mn > w ? at(w, 0) : 8 * w;
    sbo = kk > 8 ? at(0, 8) : 8 * w;
  } else {
    sbo = mn > core ? at(core, 0) : 8 * core;
    lbo = kk > 8 ? at(0, 8) : 8 * core;
  }
  for (index_t i = 0; i < mn; ++i)
    for (index_t j = 0; j < kk; ++j) {
      index_t want = 0;
      if (kmaj && swz)
        want = (i % 8) * w + (i / 8) * sbo + (j % w) + (j / w) * 8 * w;
      else if (kmaj)
        want = (i % 8) * core + (i / 8) * sbo + (j % core) + (j / core) * lbo;
      else if (swz)
        want = (i % w) + (i / w) * lbo + (j % 8) * w + (j / 8) * sbo;
      else
        want = (i % core) + (i / core) * sbo + (j % 8) * core + (j / 8) * lbo;
      if (at(i, j) != want) {
        r.error = E::not_canonical;
        return r;
      }
    }
  r.lbo = (kmaj && swz) ? 16 : lbo * bytes;
  r.sbo = sbo * bytes;
  r.start = o * bytes;
  if (r.lbo < 0 || r.sbo < 0 || r.lbo >= (index_t{1} << 18) || r.sbo >= (index_t{1} << 18))
    r.error = E::offset_too_large;
  else if (r.start % 16 != 0 || r.lbo % 16 != 0 || r.sbo % 16 != 0)
    r.error = E::misaligned;
  return r;
}

/// A canonical shared layout for an (MN, K) operand of `bytes`-byte
/// elements: K-major swizzled tiles are rows of the swizzle's bytes, 8 rows
/// to an atom, atoms down MN then across K (a TMA box of (MN, row) lands
/// in exactly this); MN-major ones are the same with MN and K exchanged;
/// the interleaved form stores 8 x 16-byte core matrices, K cores next to
/// each other. MN a multiple of 8 (of the row for MN-major swizzles wider
/// than a row), K of the row (K-major swizzles wider than a row) or of 8.
/// An extent below one row keeps the row's stride (span() counts the
/// whole rows).
TIRX_HD constexpr TileLayout wgmma_smem_layout(const Shape& s, MatrixMajor major, SwizzleMode mode,
                                               int bytes) {
  const index_t mn = s.dims[0], kk = s.dims[1];
  const index_t core = 16 / bytes;
  const index_t w =
      (mode == SwizzleMode::none ? 16 : index_t{16} << static_cast<int>(mode)) / bytes;
  TileLayout l{};
  const Axis m{0};
  // a K (MN) extent below one swizzle row: the rows keep the swizzle's
  // stride and the tile uses the first elements of each
  if (major == MatrixMajor::k && mode != SwizzleMode::none) {
    l.push_shard(Iter{mn, w, m});
    if (kk > w)
      l.push_shard(Iter{kk / w, mn * w, m});
    l.push_shard(Iter{kk < w ? kk : w, 1, m});
  } else if (major == MatrixMajor::k) {
    l.push_shard(Iter{mn / 8, (kk / core) * 8 * core, m});
    l.push_shard(Iter{8, core, m});
    l.push_shard(Iter{kk / core, 8 * core, m});
    l.push_shard(Iter{core, 1, m});
  } else if (mode != SwizzleMode::none) {
    if (mn > w)
      l.push_shard(Iter{mn / w, kk * w, m});
    l.push_shard(Iter{mn < w ? mn : w, 1, m});
    l.push_shard(Iter{kk, w, m});
  } else {
    l.push_shard(Iter{mn / core, (kk / 8) * 8 * core, m});
    l.push_shard(Iter{core, 1, m});
    l.push_shard(Iter{kk / 8, 8 * core, m});
    l.push_shard(Iter{8, core, m});
  }
  l.swz = swizzle_for(mode, bytes);
  return l;
}

/// The m64nN accumulator of a warpgroup over (64, N): warp w holds rows
/// 16w .. 16w + 15; lane l rows 16w + l/4 and + 8, columns 8j + 2(l%4) and
/// + 1 of every 8-column block j; register 4j + 2i + c holds row
/// 16w + l/4 + 8i, column 8j + 2(l%4) + c (N/2 registers per thread).
TIRX_HD constexpr TileLayout wgmma_accumulator_layout(index_t n) {
  TileLayout l{};
  l.push_shard(Iter{4, 1, Axis{5}}); // wid_in_wg
  l.push_shard(Iter{2, 2, Axis{0}});
  l.push_shard(Iter{8, 4, Axis{1}}); // laneid / 4
  l.push_shard(Iter{n / 8, 4, Axis{0}});
  l.push_shard(Iter{4, 1, Axis{1}}); // laneid % 4
  l.push_shard(Iter{2, 1, Axis{0}});
  return l;
}

/// The A fragment of a warpgroup over (64, K) for wgmma with A in
/// registers (K = 32 bytes of elements of `bytes` bytes): like the
/// accumulator for 16-bit elements (4 registers of 2), in groups of 4
/// consecutive columns for 8-bit ones (4 registers of 4), single columns
/// 4 apart for tf32 (4 registers of 1).
TIRX_HD constexpr TileLayout wgmma_a_fragment_layout(int bytes) {
  TileLayout l{};
  const index_t per = 4 / bytes; // elements per register
  l.push_shard(Iter{4, 1, Axis{5}});
  l.push_shard(Iter{2, per, Axis{0}});
  l.push_shard(Iter{8, 4, Axis{1}});
  l.push_shard(Iter{2, 2 * per, Axis{0}});
  l.push_shard(Iter{4, 1, Axis{1}});
  if (per > 1)
    l.push_shard(Iter{per, 1, Axis{0}});
  return l;
}

} // namespace tirx
