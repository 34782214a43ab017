// GridTensor: global memory whose extents only run time knows (the data a
// kernel is launched over, gigabytes of it), and the static tiles that one
// CTA or warp takes of it. A tile is an ordinary Tensor with a static shape,
// so every view and tile operation applies to it; its `valid` count says how
// many of its elements lie inside the data, and tile::bound(valid) (or
// tile.bound()) makes tile::apply skip the rest at a ragged edge.
#pragma once

#include <tirx/tensor/tensor.hpp>

namespace tirx {

/// The elements of a memory operand that exist: those whose offset on m
/// from the tensor's data() lies in [0, limit). An option of tile::apply.
struct Bound {
  long long limit;
};

/// A static tile of a GridTensor: `tensor` starts at the tile's first
/// element; `valid` of its elements (counted on m from tensor.data())
/// exist. Tiles past the end have valid == 0.
template <class Tile> struct GridTile {
  Tile tensor;
  long long valid;

  /// Whether every element of the tile exists (no ragged edge).
  TIRX_HD constexpr bool full() const { return valid >= Tile::size(); }
  /// The apply option that keeps memory accesses inside the data.
  TIRX_HD constexpr Bound bound() const { return Bound{valid}; }
};

/// A row-major global tensor of rank 1 or 2 whose extents are run-time
/// values. Align is the alignment, in bytes, of the data pointer and (rank
/// 2) of every row start: the row stride `ld` times sizeof(T) must be a
/// multiple of it. Debug builds check both when the tensor is made with
/// grid_tensor(); tirx::alignment_of (host/align.hpp) says which Align a
/// pointer allows, and tirx::dispatch_align picks a kernel for it.
template <class T, int Rank = 1, int Align = alignof(T)> struct GridTensor {
  static_assert(Rank == 1 || Rank == 2,
                "tirx::GridTensor: rank 1 (a vector) or 2 (rows of a matrix)");
  static_assert(Align >= static_cast<int>(alignof(T)) && (Align & (Align - 1)) == 0,
                "tirx::GridTensor: Align must be a power of two, at least the element's alignment");
  static_assert(
      dtype_traits<cuda::std::remove_cv_t<T>>::known,
      "tirx::GridTensor: the element type must be a tirx element type (see tensor/dtype.hpp)");

  using element_type = T;
  static constexpr int rank = Rank;
  static constexpr int align = Align;

  T* ptr = nullptr;
  long long extent[Rank] = {};
  long long ld = 0; ///< elements from one row start to the next (rank 2)

  TIRX_HD constexpr T* data() const { return ptr; }
  /// Number of elements (rows * cols for rank 2).
  TIRX_HD constexpr long long size() const {
    if constexpr (Rank == 1)
      return extent[0];
    else
      return extent[0] * extent[1];
  }
  TIRX_HD constexpr long long rows() const {
    static_assert(
        Rank == 2,
        "tirx::GridTensor::rows: a rank-2 tensor has rows; tile a vector with tile<N>(i)");
    return extent[0];
  }
  TIRX_HD constexpr long long cols() const {
    static_assert(Rank == 2,
                  "tirx::GridTensor::cols: a rank-2 tensor has columns; a vector has size()");
    return extent[1];
  }

  /// The number of N-element tiles that cover a vector (the last one ragged).
  template <index_t N> TIRX_HD constexpr long long num_tiles() const {
    static_assert(Rank == 1, "tirx::GridTensor::num_tiles<N>: tile a vector; for a matrix take "
                             "row(r) first, or num_tiles<R, C>()");
    static_assert(N >= 1, "tirx::GridTensor::num_tiles<N>: N must be at least 1");
    return (extent[0] + N - 1) / N;
  }
  /// The number of R x C tiles down the rows and across the columns.
  struct TileCount {
    long long rows, cols;
  };
  template <index_t R, index_t C> TIRX_HD constexpr TileCount num_tiles() const {
    static_assert(
        Rank == 2,
        "tirx::GridTensor::num_tiles<R, C>: a rank-2 tensor; tile a vector with num_tiles<N>()");
    return {(extent[0] + R - 1) / R, (extent[1] + C - 1) / C};
  }

  /// Tile i of N elements: elements [i*N, i*N + N) of a vector. Its align
  /// is what i*N*sizeof(T) keeps of Align.
  template <index_t N> TIRX_HD constexpr auto tile(long long i) const {
    static_assert(Rank == 1, "tirx::GridTensor::tile<N>(i): tiles a vector; for a matrix write "
                             "tile<R, C>(bi, bj) or row(r).tile<N>(j)");
    static_assert(N >= 1, "tirx::GridTensor::tile<N>: N must be at least 1");
    constexpr int a = detail::pow2_divisor(N * static_cast<long long>(sizeof(T)), Align);
    using Tile = Tensor<T, ShapeT<N>, MemScope::global, a>;
    const long long start = i * N;
    long long valid = extent[0] - start;
    valid = valid < 0 ? 0 : (valid > N ? N : valid);
    return GridTile<Tile>{Tile{ptr + start}, valid};
  }

  /// Row r of a matrix, as a vector of cols() elements.
  TIRX_HD constexpr GridTensor<T, 1, Align> row(long long r) const {
    static_assert(Rank == 2, "tirx::GridTensor::row: a rank-2 tensor has rows");
    TIRX_CHECK(r >= 0 && r < extent[0], "tirx::GridTensor::row: row index outside the tensor");
    return GridTensor<T, 1, Align>{ptr + r * ld, {extent[1]}, 0};
  }

  /// The R x C tile (bi, bj) of a matrix: rows [bi*R, bi*R + R), columns
  /// [bj*C, bj*C + C). The row stride is a run-time value, so the tile is
  /// read row by row: tile.row(i) is a GridTile of C elements (valid == 0
  /// for rows past the end).
  template <index_t R, index_t C> TIRX_HD constexpr auto tile(long long bi, long long bj) const;
};

/// An R x C tile of a matrix with a run-time row stride (see GridTensor::tile).
template <class T, int Align, index_t R, index_t C> struct GridTile2D {
  static constexpr int row_align =
      detail::pow2_divisor(C * static_cast<long long>(sizeof(T)), Align);
  using RowTile = Tensor<T, ShapeT<C>, MemScope::global, row_align>;

  T* origin = nullptr; ///< element (bi*R, bj*C)
  long long ld = 0;    ///< row stride in elements
  long long valid_rows = 0;
  long long valid_cols = 0;

  TIRX_HD constexpr bool full() const { return valid_rows >= R && valid_cols >= C; }
  /// Row i of the tile (0 <= i < R), bounded by the matrix's edges.
  TIRX_HD constexpr GridTile<RowTile> row(index_t i) const {
    return GridTile<RowTile>{RowTile{origin + i * ld}, i < valid_rows ? valid_cols : 0};
  }
};

template <class T, int Rank, int Align>
template <index_t R, index_t C>
TIRX_HD constexpr auto GridTensor<T, Rank, Align>::tile(long long bi, long long bj) const {
  static_assert(
      Rank == 2,
      "tirx::GridTensor::tile<R, C>(bi, bj): tiles a matrix; tile a vector with tile<N>(i)");
  static_assert(R >= 1 && C >= 1, "tirx::GridTensor::tile<R, C>: R and C must be at least 1");
  auto clamp = [](long long v, long long hi) { return v < 0 ? 0 : (v > hi ? hi : v); };
  return GridTile2D<T, Align, R, C>{ptr + bi * R * ld + bj * C, ld, clamp(extent[0] - bi * R, R),
                                    clamp(extent[1] - bj * C, C)};
}

/// A vector of n elements at p; debug builds check p's alignment.
template <int Align, class T> TIRX_HD GridTensor<T, 1, Align> grid_tensor(T* p, long long n) {
  TIRX_CHECK(reinterpret_cast<unsigned long long>(p) % Align == 0,
             "tirx::grid_tensor: the pointer is less aligned than Align; ask tirx::alignment_of "
             "which Align it "
             "allows and pick the kernel with tirx::dispatch_align");
  return GridTensor<T, 1, Align>{p, {n}, 0};
}
template <class T> TIRX_HD GridTensor<T, 1> grid_tensor(T* p, long long n) {
  return grid_tensor<static_cast<int>(alignof(T))>(p, n);
}

/// A rows x cols matrix at p with row stride ld (default cols); debug
/// builds check that p and every row start are Align-aligned.
template <int Align, class T>
TIRX_HD GridTensor<T, 2, Align> grid_tensor(T* p, long long rows, long long cols,
                                            long long ld = -1) {
  if (ld < 0)
    ld = cols;
  TIRX_CHECK(
      reinterpret_cast<unsigned long long>(p) % Align == 0 &&
          (ld * static_cast<long long>(sizeof(T))) % Align == 0,
      "tirx::grid_tensor: the pointer or the row stride in bytes is not a multiple of Align; ask "
      "tirx::alignment_of which Align they allow");
  TIRX_CHECK(ld >= cols,
             "tirx::grid_tensor: the row stride must be at least the number of columns");
  return GridTensor<T, 2, Align>{p, {rows, cols}, ld};
}
template <class T>
TIRX_HD GridTensor<T, 2> grid_tensor(T* p, long long rows, long long cols, long long ld = -1) {
  return grid_tensor<static_cast<int>(alignof(T))>(p, rows, cols, ld);
}

} // namespace tirx
