// The layouts of the tcgen05 operands (sm_100a) as TileLayouts: where
// tcgen05.mma puts its accumulator in tensor memory (the datapath layouts),
// where it reads A from tensor memory, where tcgen05.cp writes, and the
// register fragments of tcgen05.ld / tcgen05.st, over (laneid, registers),
// printable with print_layout like the wgmma and mma.sync fragments.
//
// TMEM layouts place an element on TLane (lane) and TCol (column in units
// of the element: 32 / bits elements per 32-bit column; see tensor/tmem.hpp).
// The register fragment of tcgen05.ld / st of shape .SxNb and count .xR over
// the TMEM region it moves (lane l of the warp, its register r):
//   .32x32b  (32, R)       row l,                       column r
//   .16x64b  (16, 2R)      row l/4 + 8 (l%2),           column (l/2)%2 + 2r
//   .16x128b (16, 4R)      row l/4 + 8 (r%2),           column l%4 + 4 (r/2)
//   .16x256b (16, 8R)      row l/4 + 8 ((r/2)%2),       column r%2 + 2 (l%4) + 8 (r/4)
//   .16x32bx2 (2, 16, R)   half l/16, row l%16,         column r
// (the register images of PTX ISA "Matrix fragments" for tcgen05.ld/st, as
// TIRx's tmem pattern reads them). 16x32bx2 moves two 16-lane halves, the
// second at the address of the first plus an immediate.
#pragma once

#include <tirx/layout/tile_layout.hpp>

namespace tirx {

/// The data-movement shapes of tcgen05.ld and tcgen05.st.
enum class TmemShape { s32x32b, s16x64b, s16x128b, s16x256b, s16x32bx2 };

/// The shapes (and multicasts) of tcgen05.cp.
enum class TmemCpShape { s128x256b, s4x256b, s128x128b, s64x128b_02_13, s64x128b_01_23, s32x128b };

namespace ptxtcgen05 {
/// Registers per thread of one .x1 of a shape; the largest .xR PTX allows.
TIRX_HD constexpr int regs_per_x(TmemShape s) {
  return s == TmemShape::s16x128b ? 2 : s == TmemShape::s16x256b ? 4 : 1;
}
TIRX_HD constexpr int max_x(TmemShape s) {
  return s == TmemShape::s16x128b ? 64 : s == TmemShape::s16x256b ? 32 : 128;
}
} // namespace ptxtcgen05

/// The TMEM region (rows, 32-bit columns) one tcgen05.ld / st of shape s
/// and count x moves: (2, 16, x) for the two halves of .16x32bx2.
TIRX_HD constexpr Shape tmem_fragment_shape(TmemShape s, index_t x) {
  switch (s) {
  case TmemShape::s32x32b:
    return shape(32, x);
  case TmemShape::s16x64b:
    return shape(16, 2 * x);
  case TmemShape::s16x128b:
    return shape(16, 4 * x);
  case TmemShape::s16x256b:
    return shape(16, 8 * x);
  case TmemShape::s16x32bx2:
    return shape(2, 16, x);
  }
  return Shape{};
}

/// The register fragment of one tcgen05.ld / st of shape s and count x: a
/// warp's layout over tmem_fragment_shape(s, x) (see the table above);
/// register r of a thread is its element at slot r.
TIRX_HD constexpr TileLayout tmem_fragment_layout(TmemShape s, index_t x) {
  const Axis lane{axis_id::laneid};
  switch (s) {
  case TmemShape::s32x32b:
    return S({32, x}, {1 * lane, 1});
  case TmemShape::s16x64b:
    return S({2, 8, x, 2}, {1 * lane, 4 * lane, 1, 2 * lane});
  case TmemShape::s16x128b:
    return S({2, 8, x, 4}, {1, 4 * lane, 2, 1 * lane});
  case TmemShape::s16x256b:
    return S({2, 8, x, 4, 2}, {2, 4 * lane, 4, 1 * lane, 1});
  case TmemShape::s16x32bx2:
    return S({2, 16, x}, {16 * lane, 1 * lane, 1});
  }
  return TileLayout{};
}

/// Where tcgen05.mma puts its (M / cta_group, N) accumulator of `bits`-bit
/// elements (M the instruction's M; PTX's datapath layouts):
///   cta_group::1 M = 128, cta_group::2 M = 256: row r on lane r (layouts D, A)
///   cta_group::1 M = 64: rows 16 w .. 16 w + 15 on lanes 32 w .. 32 w + 15 (layout F)
///   cta_group::2 M = 128: columns [0, N/2) on lanes 0..63, [N/2, N) on 64..127 (layout B)
/// A 16-bit accumulator element takes a whole 32-bit column (TCol stride 2).
TIRX_HD constexpr TileLayout tcgen05_accumulator_layout(index_t m, index_t n, int cta_group = 1,
                                                        int bits = 32) {
  const Axis lane{axis_id::TLane}, col{axis_id::TCol};
  const index_t c = bits == 16 ? 2 : 1;
  if (cta_group == 1 && m == 64)
    return S({4, 16, n}, {32 * lane, 1 * lane, c * col});
  if (cta_group == 2 && m == 128)
    return S({64, 2, n / 2}, {1 * lane, 64 * lane, c * col});
  return S({m / cta_group, n}, {1 * lane, c * col});
}

/// Where tcgen05.mma reads an (M / cta_group, K) A from tensor memory: row
/// r on lane r, K packed into 32-bit columns; with cta_group::2 and M = 128
/// the rows are held twice, on lanes 0..63 and 64..127 (a replica).
TIRX_HD constexpr TileLayout tcgen05_a_tmem_layout(index_t m, index_t k, int cta_group = 1) {
  const Axis lane{axis_id::TLane}, col{axis_id::TCol};
  TileLayout l = S({m / cta_group, k}, {1 * lane, 1 * col});
  if (cta_group == 2 && m == 128)
    l = l + R(2, 64 * lane);
  return l;
}

/// The (rows, 32-bit words) a tcgen05.cp of shape s copies.
TIRX_HD constexpr Shape tmem_cp_shape(TmemCpShape s) {
  switch (s) {
  case TmemCpShape::s128x256b:
    return shape(128, 8);
  case TmemCpShape::s4x256b:
    return shape(4, 8);
  case TmemCpShape::s128x128b:
    return shape(128, 4);
  case TmemCpShape::s64x128b_02_13:
  case TmemCpShape::s64x128b_01_23:
    return shape(64, 4);
  case TmemCpShape::s32x128b:
    return shape(32, 4);
  }
  return Shape{};
}

/// Where tcgen05.cp of shape s writes the rows it copies: .4x256b one row
/// per warp quarter (lanes 0, 32, 64, 96); the multicasts write each row
/// to two (warpx2::02_13: lanes r, r + 64; warpx2::01_23: r and r + 32 of
/// each 64-lane half) or four (warpx4) lanes, as replicas.
TIRX_HD constexpr TileLayout tmem_cp_layout(TmemCpShape s) {
  const Axis lane{axis_id::TLane}, col{axis_id::TCol};
  switch (s) {
  case TmemCpShape::s4x256b:
    return S({4, 8}, {32 * lane, 1 * col});
  case TmemCpShape::s64x128b_02_13:
    return S({64, 4}, {1 * lane, 1 * col}) + R(2, 64 * lane);
  case TmemCpShape::s64x128b_01_23:
    return S({2, 32, 4}, {64 * lane, 1 * lane, 1 * col}) + R(2, 32 * lane);
  case TmemCpShape::s32x128b:
    return S({32, 4}, {1 * lane, 1 * col}) + R(4, 32 * lane);
  default: {
    const Shape sh = tmem_cp_shape(s);
    return S({sh.dims[0], sh.dims[1]}, {1 * lane, 1 * col});
  }
  }
}

} // namespace tirx
