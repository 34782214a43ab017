// The contract of ldmatrix and stmatrix on whole operands: the spelling's
// parts (shape, number of matrices, .trans), the rules their register
// fragment and shared tile must keep, one-line messages (numbers in nvcc's
// instantiation line: Operand 0 the destination, 1 the source; Want/Got
// bits, extents or the reason code), and each lane's row address.
//   m8n8 .b16 forms: the fragment is any register layout that
//     matrix_fragment_of() reads as the instruction's matrices (e.g.
//     ldmatrix_fragment_layout, mma_a_fragment_layout for .x4), the shared
//     tile has the same shape and element type (16-bit), and every line the
//     instruction moves is one 16-byte row of it; logical coordinates do not
//     change (dst(i, j) = src(i, j)).
//   raw forms (sm_100a: ldmatrix m16n16 .b8, m8n16 .b8x16.*): the
//     fragment is (32, R) 32-bit words, S[(32, R) : (1@laneid, 1)] (PTX's
//     figures say which bytes each word holds), the shared tile (rows, 16)
//     8-bit elements, lane i giving row i % rows.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/ptx/desc.hpp>
#include <tirx/ptx/matrix_layout.hpp>
#include <tirx/tensor/tensor.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::ptxmatrix {

/// The parts of an ldmatrix / stmatrix spelling.
struct MoveForm {
  bool ok = false;
  bool raw = false; ///< an sm_100a form with raw 32-bit words
  int count = 0;    ///< matrices (.x1 .x2 .x4)
  bool trans = false;
  int rows = 0; ///< raw forms: rows of 16 bytes of the shared tile
};

TIRX_HD constexpr MoveForm move_form(const ptxdesc::Tokens& t) {
  MoveForm f{};
  if (t.n < 7 || !t.is(1, "sync") || !t.is(2, "aligned"))
    return f;
  f.count = t.is(4, "x1") ? 1 : t.is(4, "x2") ? 2 : t.is(4, "x4") ? 4 : 0;
  f.trans = t.has("trans");
  if (t.is(3, "m8n8")) {
    f.ok = f.count > 0;
  } else if (t.is(3, "m16n16") || t.is(3, "m8n16")) {
    f.raw = true;
    f.rows = (t.is(3, "m16n16") ? 16 : 8) * f.count;
    f.ok = f.count > 0;
  }
  return f;
}

enum class Error {
  none,
  not_fragment, ///< the register operand is not a local tensor
  not_shared,   ///< the memory operand is not a shared tensor
  element,      ///< an element is not 16 bits (raw forms: words of 32, shared bytes of 8)
  types_differ, ///< the fragment's and the tile's element types differ
  shape,        ///< the two operands' shapes differ or are not (rows, cols)
  fragment,     ///< the register layout is not the instruction's matrices
  rows,         ///< a line the instruction moves is not one 16-byte row of the tile
  align,        ///< the shared tensor's align is below 16
  words,        ///< raw forms: the fragment is not S[(32, R) : (1@laneid, 1)]
  raw_tile,     ///< raw forms: the tile is not (rows, 16) bytes, rows contiguous
};

template <class X>
inline constexpr bool shared_v = X::scope == MemScope::shared || X::scope == MemScope::shared_dyn;

/// The facts the checks find for register fragment R and shared tile M of
/// form F; Reg the register operand's number (0 for ldmatrix, 1 stmatrix).
template <MoveForm F, int Reg, class Rr, class Mr> struct Operands {
  using R = cuda::std::remove_cvref_t<Rr>;
  using M = cuda::std::remove_cvref_t<Mr>;
  Error error = Error::none;
  int operand = 0;
  long long want0 = 0, want1 = 0, got0 = 0, got1 = 0;
  MatrixFragment frag{};

  TIRX_HD constexpr void fail(Error e, int op, long long w0, long long w1, long long g0,
                              long long g1) {
    error = e;
    operand = op;
    want0 = w0, want1 = w1, got0 = g0, got1 = g1;
  }
  template <class X> TIRX_HD static constexpr long long ext(int i) {
    return X::shape().rank > i ? static_cast<long long>(X::shape().dims[i]) : -1;
  }

  TIRX_HD constexpr Operands() {
    constexpr int mem = 1 - Reg;
    if constexpr (!is_tensor_v<R> || !is_tensor_v<M>) {
      fail(is_tensor_v<R> ? Error::not_shared : Error::not_fragment, is_tensor_v<R> ? mem : Reg, 0,
           0, 0, 0);
    } else if constexpr (R::scope != MemScope::local) {
      fail(Error::not_fragment, Reg, 0, 0, 0, 0);
    } else if constexpr (!shared_v<M>) {
      fail(Error::not_shared, mem, 0, 0, 0, 0);
    } else {
      using TR = typename R::value_type;
      using TM = typename M::value_type;
      constexpr long long rbits = 8 * sizeof(TR), mbits = 8 * sizeof(TM);
      if constexpr (F.raw) {
        constexpr long long regs = F.rows / 8 * 1; // 32-bit words: 128 bytes per 8 rows
        TileLayout words{};
        words.push_shard(Iter{32, 1, Axis{1}});
        words.push_shard(Iter{regs, 1, Axis{0}});
        if (rbits != 32)
          fail(Error::element, Reg, 32, 0, rbits, 0);
        else if (mbits != 8)
          fail(Error::element, mem, 8, 0, mbits, 0);
        else if (ext<R>(0) != 32 || ext<R>(1) != regs || R::shape().rank != 2 ||
                 !(canonicalize(R::layout()) == canonicalize(words)))
          fail(Error::words, Reg, 32, regs, ext<R>(0), ext<R>(1));
        else if (ext<M>(0) != F.rows || ext<M>(1) != 16 || M::shape().rank != 2 || !raw_rows_ok())
          fail(Error::raw_tile, mem, F.rows, 16, ext<M>(0), ext<M>(1));
        else if (M::align < 16)
          fail(Error::align, mem, 16, 0, M::align, 0);
      } else if (rbits != 16) {
        fail(Error::element, Reg, 16, 0, rbits, 0);
      } else if (mbits != 16) {
        fail(Error::element, mem, 16, 0, mbits, 0);
      } else if (!cuda::std::is_same_v<TR, TM>) {
        fail(Error::types_differ, mem, 0, 0, 0, 0);
      } else if (!(R::shape() == M::shape()) || R::shape().rank != 2) {
        fail(Error::shape, mem, ext<R>(0), ext<R>(1), ext<M>(0), ext<M>(1));
      } else {
        frag = matrix_fragment_of(R::layout(), R::shape(), F.count);
        if (frag.error != MatrixFragment::Error::none)
          fail(Error::fragment, Reg, F.count, 0, static_cast<int>(frag.error), 0);
        else if (!rows_are_16_bytes(frag, F.count, F.trans, M::layout(), M::shape()))
          fail(Error::rows, mem, 0, 0, 0, 0);
        else if (M::align < 16)
          fail(Error::align, mem, 16, 0, M::align, 0);
      }
    }
  }
  /// Raw forms: row r of the tile is 16 consecutive bytes from 16 r' (any order of rows).
  TIRX_HD static constexpr bool raw_rows_ok() {
    for (index_t r = 0; r < F.rows; ++r) {
      const index_t base = apply(M::layout(), r * 16)[Axis{0}];
      if (base % 16 != 0)
        return false;
      for (index_t k = 1; k < 16; ++k)
        if (apply(M::layout(), r * 16 + k)[Axis{0}] != base + k)
          return false;
    }
    return true;
  }
};

/// The message of rule E (nvcc's instantiation line shows the numbers).
template <Error E, int Operand, long long Want0, long long Want1, long long Got0, long long Got1>
TIRX_HD constexpr void report() {
  static_assert(E != Error::not_fragment,
                "tirx::tile::apply: ldmatrix/stmatrix: the register operand (Operand below) "
                "must be the warp's fragment, a local tensor; make it with alloc_local<T, "
                "shape(8 * count, 8), ldmatrix_fragment_layout(count, trans)>()");
  static_assert(E != Error::not_shared,
                "tirx::tile::apply: ldmatrix/stmatrix: the memory operand (Operand below) must "
                "be a shared-memory tensor (alloc_shared, SMEMPool or a shared_dyn view)");
  static_assert(E != Error::element,
                "tirx::tile::apply: ldmatrix/stmatrix: operand Operand's element has Got0 bits "
                "where the form moves Want0-bit elements (.b16: half, nv_bfloat16, uint16; raw "
                "sm_100a forms: uint32 words, 8-bit shared elements); view the tensor as that "
                "type");
  static_assert(E != Error::types_differ,
                "tirx::tile::apply: ldmatrix/stmatrix: the fragment and the shared tile must "
                "have the same element type (nothing is converted); view one as the other's");
  static_assert(E != Error::shape,
                "tirx::tile::apply: ldmatrix/stmatrix: the fragment and the shared tile must "
                "have the same (rows, cols) shape (Want0 x Want1 and Got0 x Got1 below); take "
                "the sub-tile the fragment covers with sub<range<...>, range<...>>");
  static_assert(E != Error::fragment,
                "tirx::tile::apply: ldmatrix/stmatrix: the fragment's layout is not Want0 8 x 8 "
                "matrices of ldmatrix (lane l holding row l/4, columns 2(l%4), +1 of each; Got0 "
                "the MatrixFragment::Error); use ldmatrix_fragment_layout(count, trans) or an "
                "mma fragment");
  static_assert(E != Error::rows,
                "tirx::tile::apply: ldmatrix/stmatrix: each line of 8 elements the instruction "
                "moves must be one 16-byte row of the shared tile (contiguous, starting on a "
                "multiple of 8 elements); pad or swizzle by 16-byte chunks, or use .trans for "
                "a tile whose other mode is contiguous");
  static_assert(E != Error::align,
                "tirx::tile::apply: ldmatrix/stmatrix: the shared tensor's align (Got0 below) "
                "must be at least 16 bytes (its rows are 16-byte aligned); declare it with "
                "align 16");
  static_assert(E != Error::words,
                "tirx::tile::apply: ldmatrix (sm_100a forms): the fragment must be (32, R) "
                "32-bit words over the lanes, S[(32, R) : (1@laneid, 1)] (Want0 x Want1, Got0 x "
                "Got1 below)");
  static_assert(E != Error::raw_tile,
                "tirx::tile::apply: ldmatrix (sm_100a forms): the shared tile must be (rows, 16) "
                "bytes whose rows are 16 contiguous, 16-byte aligned bytes (Want0 x Want1, Got0 "
                "x Got1 below)");
}

#if defined(__CUDACC__)
/// The shared-window address of the row this lane gives (lane i: row i % 8
/// of matrix i / 8; raw forms: row i % rows).
template <MoveForm F, MatrixFragment Fr, class M>
__device__ TIRX_FORCEINLINE unsigned row_address(M& m) {
  const unsigned lane = lane_index();
  if constexpr (F.raw) {
    return static_cast<unsigned>(
        __cvta_generic_to_shared(m.ptr_to(static_cast<int>(lane % F.rows), 0)));
  } else {
    const unsigned q = (lane / 8u) % static_cast<unsigned>(F.count), x = lane % 8u;
    constexpr int sr = static_cast<int>(F.trans ? Fr.right_r : Fr.down_r);
    constexpr int sc = static_cast<int>(F.trans ? Fr.right_c : Fr.down_c);
    const int r0 = static_cast<int>(q == 0   ? Fr.row[0]
                                    : q == 1 ? Fr.row[1]
                                    : q == 2 ? Fr.row[2]
                                             : Fr.row[3]);
    const int c0 = static_cast<int>(q == 0   ? Fr.col[0]
                                    : q == 1 ? Fr.col[1]
                                    : q == 2 ? Fr.col[2]
                                             : Fr.col[3]);
    const int xi = static_cast<int>(x);
    return static_cast<unsigned>(__cvta_generic_to_shared(m.ptr_to(r0 + xi * sr, c0 + xi * sc)));
  }
}
#endif

} // namespace tirx::ptxmatrix
