// The contract of tcgen05.ld and tcgen05.st on whole operands (sm_100a): a
// warp moves one TMEM region to or from its register fragment. The
// spelling's shape and count fix both: the TMEM region is
// tmem_fragment_shape(shape, x) of 32-bit elements, rows on consecutive
// lanes from a lane the warp may reach (32 (w % 4), + 16 for the 16-lane
// shapes), 32-bit columns consecutive; the fragment is a local tensor of
// the same shape with tmem_fragment_layout(shape, x) (ptx/tcgen05_layout.hpp).
// .16x32bx2 moves a (2, 16, x) region whose two halves are one translation
// apart (on TLane or TCol): the instruction's immediate. alloc_tmem_fragment
// makes the fragment (here, not in the family's header, so that nvcc's host
// pass, which has no families, has it: ptx/families.hpp).
#pragma once

#include <tirx/ptx/desc.hpp>
#include <tirx/ptx/tcgen05_mma_check.hpp>
#include <tirx/tensor/alloc.hpp>

namespace tirx::ptxtcgen05 {

/// The parts of tcgen05.{ld|st}.sync.aligned.SHAPE.xN.b32 (ok: parsed).
struct LdStForm {
  bool ok = false;
  bool load = true;
  TmemShape shape = TmemShape::s32x32b;
  int x = 0;
};

TIRX_HD constexpr LdStForm parse_ldst(const ptxdesc::Tokens& t) {
  LdStForm f{};
  if (t.n != 7 || !t.is(0, "tcgen05") || !(t.is(1, "ld") || t.is(1, "st")) || !t.is(2, "sync") ||
      !t.is(3, "aligned") || !t.is(6, "b32"))
    return f;
  f.load = t.is(1, "ld");
  const char* shapes[] = {"32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2"};
  bool found = false;
  for (int s = 0; s < 5; ++s)
    if (t.is(4, shapes[s])) {
      f.shape = static_cast<TmemShape>(s);
      found = true;
    }
  int x = 0, i = t.b[5];
  if (i < t.e[5] && t.text[i] == 'x')
    for (++i; i < t.e[5] && t.text[i] >= '0' && t.text[i] <= '9'; ++i)
      x = x * 10 + (t.text[i] - '0');
  f.x = x;
  f.ok = found && i == t.e[5] && x >= 1 && x <= max_x(f.shape) && (x & (x - 1)) == 0;
  return f;
}

enum class LdStError {
  none,
  frag_not_registers, ///< the register operand is not a local tensor
  frag_element,       ///< its elements are not 32 bits
  frag_shape,         ///< its shape is not the TMEM region's
  frag_layout,        ///< its layout is not tmem_fragment_layout(shape, x)
  not_tmem,           ///< the TMEM operand is not a TMEM tensor
  tmem_element,       ///< its elements are not 32 bits
  tmem_shape,         ///< its shape is not tmem_fragment_shape(shape, x)
  tmem_layout,        ///< its rows are not consecutive lanes, its columns not consecutive
  tmem_lane,          ///< its first lane is not one a warp starts at (32 w, + 16)
  split,              ///< .16x32bx2: the halves are not one translation apart
};

/// The facts the checks find for the register operand Fr and the TMEM
/// operand Mr of a tcgen05.ld / st of shape Sh and count X.
template <TmemShape Sh, int X, class Fr, class Mr> struct LdStOperands {
  using F = cuda::std::remove_cvref_t<Fr>;
  using M = cuda::std::remove_cvref_t<Mr>;
  LdStError error = LdStError::none;
  long long got0 = 0, got1 = 0;
  int imm = 0; ///< .16x32bx2: the second half's address offset

  TIRX_HD constexpr bool fail(LdStError e, long long g0 = 0, long long g1 = 0) {
    error = e;
    got0 = g0, got1 = g1;
    return false;
  }
  template <class T> TIRX_HD static constexpr long long ext(int i) {
    return T::shape().rank > i ? static_cast<long long>(T::shape().dims[i]) : -1;
  }

  TIRX_HD constexpr bool tmem_ok() {
    constexpr Shape want = tmem_fragment_shape(Sh, X);
    constexpr TileLayout l = M::layout();
    if (!(M::shape() == want))
      return fail(LdStError::tmem_shape, ext<M>(0), ext<M>(1));
    constexpr index_t rows = Sh == TmemShape::s32x32b ? 32 : 16;
    if (l.offset_on(axes::TLane) % 32 % rows != 0)
      return fail(LdStError::tmem_lane, l.offset_on(axes::TLane));
    if constexpr (Sh != TmemShape::s16x32bx2) {
      if (!(without_offsets(l) == without_offsets(tmem_layout(want))))
        return fail(LdStError::tmem_layout);
    } else {
      // each half the identity (16, X), the second one translation from the first
      const Shape half = shape(16, X);
      for (index_t h = 0; h < 2; ++h) {
        const SliceSpec spec[3] = {{true, h, 1, 1}, {false, 0, 16, 1}, {false, 0, X, 1}};
        const SliceResult s = slice(l, want, spec);
        if (!s.ok || !(without_offsets(s.layout) == without_offsets(tmem_layout(half))))
          return fail(LdStError::tmem_layout);
      }
      const Coord c0 = apply(l, 0), c1 = apply(l, 16 * X);
      const index_t dl = c1[axes::TLane] - c0[axes::TLane], dc = c1[axes::TCol] - c0[axes::TCol];
      // the second half stays in the warp's 32 lanes
      if (dl < 0 || dc < 0 || (dl == 0 && dc == 0) || l.offset_on(axes::TLane) % 32 + dl + 16 > 32)
        return fail(LdStError::split, dl, dc);
      imm = static_cast<int>((dl << 16) + dc);
    }
    return true;
  }

  TIRX_HD constexpr LdStOperands() {
    if constexpr (!is_tensor_v<F>) {
      fail(LdStError::frag_not_registers);
    } else if constexpr (F::scope != MemScope::local) {
      fail(LdStError::frag_not_registers);
    } else if constexpr (dtype_bits<typename F::value_type> != 32) {
      fail(LdStError::frag_element, dtype_bits<typename F::value_type>);
    } else if constexpr (!is_tmem_tensor_v<M>) {
      fail(LdStError::not_tmem);
    } else if constexpr (dtype_bits<typename M::value_type> != 32) {
      fail(LdStError::tmem_element, dtype_bits<typename M::value_type>);
    } else {
      if (!tmem_ok())
        ;
      else if (!(F::shape() == M::shape()))
        fail(LdStError::frag_shape, ext<F>(0), ext<F>(1));
      else if (!(canonicalize(F::layout()) == canonicalize(tmem_fragment_layout(Sh, X))))
        fail(LdStError::frag_layout);
    }
  }
};

/// The message of rule E (Got0, Got1: the numbers in nvcc's instantiation line).
template <LdStError E, long long Got0, long long Got1> TIRX_HD constexpr void report_ldst() {
  static_assert(E != LdStError::frag_not_registers,
                "tirx::tile::apply: tcgen05.ld/st: the register operand must be the warp's local "
                "fragment; make it with alloc_tmem_fragment<T, shape, x>()");
  static_assert(E != LdStError::frag_element,
                "tirx::tile::apply: tcgen05.ld/st: the fragment's elements must be 32 bits (Got0 "
                "below); use float, int or uint32");
  static_assert(E != LdStError::frag_shape,
                "tirx::tile::apply: tcgen05.ld/st: the fragment's shape must be the TMEM region's "
                "(Got0 x Got1 below); allocate it with alloc_tmem_fragment<T, shape, x>()");
  static_assert(E != LdStError::frag_layout,
                "tirx::tile::apply: tcgen05.ld/st: the fragment's layout is not "
                "tmem_fragment_layout(shape, x) of the spelling; allocate it with "
                "alloc_tmem_fragment<T, shape, x>()");
  static_assert(E != LdStError::not_tmem,
                "tirx::tile::apply: tcgen05.ld/st: the tensor-memory operand must be a TMEM tensor "
                "(decl_tmem, tmem_sub)");
  static_assert(
      E != LdStError::tmem_element,
      "tirx::tile::apply: tcgen05.ld/st: the TMEM tensor's elements must be 32 bits (Got0 "
      "below); declare the region as float, int or uint32");
  static_assert(E != LdStError::tmem_shape,
                "tirx::tile::apply: tcgen05.ld/st: the TMEM region must be the spelling's "
                "(.32x32b.xN: 32 x N, .16x64b: 16 x 2N, .16x128b: 16 x 4N, .16x256b: 16 x 8N, "
                ".16x32bx2: 2 x 16 x N; Got0 x Got1 below); take it with tmem_sub");
  static_assert(E != LdStError::tmem_layout,
                "tirx::tile::apply: tcgen05.ld/st: the TMEM region's rows must lie on consecutive "
                "lanes and its columns on consecutive 32-bit columns; take it from an identity "
                "tile with tmem_sub");
  static_assert(
      E != LdStError::tmem_lane,
      "tirx::tile::apply: tcgen05.ld/st: the TMEM region must start on lane 32 w (.32x32b) "
      "or 32 w or 32 w + 16 (the 16-lane shapes) of a warp's quarter (Got0 below); take "
      "the warp's rows with tmem_warp_rows");
  static_assert(E != LdStError::split,
                "tirx::tile::apply: tcgen05.ld/st: .16x32bx2 needs its second half one translation "
                "after the first, on TLane or TCol, within the warp's 32 lanes (Got0 lanes, Got1 "
                "columns below)");
}

} // namespace tirx::ptxtcgen05

namespace tirx {

/// The register fragment of one tcgen05.ld / st of shape S and count X: a
/// local tensor of tmem_fragment_shape(S, X) over tmem_fragment_layout(S, X)
/// (T: float, int or uint32; regs_per_x(S) * X registers per thread).
template <class T, TmemShape S, index_t X> TIRX_HD constexpr auto alloc_tmem_fragment() {
  static_assert(dtype_bits<T> == 32, "tirx::alloc_tmem_fragment: the elements must be 32 bits");
  static_assert(X >= 1 && X <= ptxtcgen05::max_x(S) && (X & (X - 1)) == 0,
                "tirx::alloc_tmem_fragment: x must be a power of two from 1 to 128 (.16x128b: 64, "
                ".16x256b: 32)");
  return alloc_local<T, tmem_fragment_shape(S, X), tmem_fragment_layout(S, X)>();
}

} // namespace tirx
