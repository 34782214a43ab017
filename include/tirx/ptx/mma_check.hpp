// The contract of an mma.sync on whole operands: the spelling's parts (K,
// the four types), the element types, shapes and layouts d, a, b and c
// must have, and one-line messages (numbers in nvcc's instantiation line:
// Operand 0 d, 1 a, 2 b, 3 c; Want/Got extents or element bits).
//   d, c  (16, 8) over mma_c_fragment_layout()
//   a     (16, K) over mma_a_fragment_layout(bytes, K)
//   b     (8, K), B transposed (N, K), over mma_b_fragment_layout(bytes, K)
// D(m, n) = sum over k of A(m, k) B(n, k) + C(m, n).
#pragma once

#include <tirx/ptx/desc.hpp>
#include <tirx/ptx/matrix_layout.hpp>
#include <tirx/tensor/tensor.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::ptxmma {

/// Type codes of a spelling's d, a, b, c.
enum class Ty { none, f16, f32, bf16, tf32, s8, u8, e4m3, e5m2, s32 };

TIRX_HD constexpr Ty type_at(const ptxdesc::Tokens& t, int k) {
  constexpr const char* names[] = {"",   "f16", "f32",  "bf16", "tf32",
                                   "s8", "u8",  "e4m3", "e5m2", "s32"};
  for (int i = 1; i < 10; ++i)
    if (t.is(k, names[i]))
      return static_cast<Ty>(i);
  return Ty::none;
}

/// Bytes of one element of type y (tf32: stored as f32).
TIRX_HD constexpr int bytes_of(Ty y) {
  return y == Ty::f16 || y == Ty::bf16                                  ? 2
         : y == Ty::s8 || y == Ty::u8 || y == Ty::e4m3 || y == Ty::e5m2 ? 1
                                                                        : 4;
}

/// mma.sync.aligned.m16n8kK.row.col[.satfinite].d.a.b.c
struct MmaForm {
  bool ok = false;
  int k = 0;
  Ty d = Ty::none, a = Ty::none, b = Ty::none, c = Ty::none;
  TIRX_HD constexpr int a_regs() const { return k * bytes_of(a) / 8; }
  TIRX_HD constexpr int b_regs() const { return k * bytes_of(b) / 16; }
  TIRX_HD constexpr int d_regs() const { return bytes_of(d); }
};

TIRX_HD constexpr MmaForm mma_form(const ptxdesc::Tokens& t) {
  MmaForm f{};
  if (t.n < 10 || !t.is(1, "sync") || !t.is(2, "aligned") || !t.is(4, "row") || !t.is(5, "col"))
    return f;
  const int b = t.b[3], e = t.e[3];
  if (e - b < 7 || t.text[b] != 'm' || t.text[b + 1] != '1' || t.text[b + 2] != '6' ||
      t.text[b + 3] != 'n' || t.text[b + 4] != '8' || t.text[b + 5] != 'k')
    return f;
  for (int i = b + 6; i < e; ++i) {
    if (t.text[i] < '0' || t.text[i] > '9')
      return f;
    f.k = f.k * 10 + (t.text[i] - '0');
  }
  f.d = type_at(t, t.n - 4), f.a = type_at(t, t.n - 3), f.b = type_at(t, t.n - 2);
  f.c = type_at(t, t.n - 1);
  f.ok = f.k > 0 && f.d != Ty::none && f.a != Ty::none && f.b != Ty::none && f.c != Ty::none;
  return f;
}

template <Ty Y> struct element;
template <> struct element<Ty::f16> { using type = half; };
template <> struct element<Ty::f32> { using type = float; };
template <> struct element<Ty::tf32> { using type = float; };
template <> struct element<Ty::bf16> { using type = nv_bfloat16; };
template <> struct element<Ty::s8> { using type = signed char; };
template <> struct element<Ty::u8> { using type = unsigned char; };
template <> struct element<Ty::e4m3> { using type = __nv_fp8_e4m3; };
template <> struct element<Ty::e5m2> { using type = __nv_fp8_e5m2; };
template <> struct element<Ty::s32> { using type = int; };

enum class Error {
  none,
  not_fragment, ///< an operand is not a local tensor (a register fragment of the warp)
  element,      ///< its element type is not the spelling's type for it
  shape,        ///< its shape is not (16, K), (8, K) or (16, 8)
  layout,       ///< its layout is not the canonical fragment
};

/// The first broken rule of operand Op (0 d, 1 a, 2 b, 3 c) of form F.
template <MmaForm F, int Op, class Xr> struct OperandCheck {
  using X = cuda::std::remove_cvref_t<Xr>;
  static constexpr Ty ty = Op == 0 ? F.d : Op == 1 ? F.a : Op == 2 ? F.b : F.c;
  using T = typename element<ty>::type;
  static constexpr long long rows = Op == 2 ? 8 : 16;
  static constexpr long long cols = Op == 1 || Op == 2 ? F.k : 8;
  Error error = Error::none;
  long long want0 = 0, want1 = 0, got0 = 0, got1 = 0;
  TIRX_HD constexpr OperandCheck() {
    if constexpr (!is_tensor_v<X>) {
      error = Error::not_fragment;
    } else if constexpr (X::scope != MemScope::local) {
      error = Error::not_fragment;
    } else if constexpr (!cuda::std::is_same_v<typename X::value_type, T>) {
      error = Error::element;
      want0 = 8 * sizeof(T), got0 = 8 * sizeof(typename X::value_type);
    } else {
      const long long g0 = X::shape().dims[0], g1 = X::shape().rank > 1 ? X::shape().dims[1] : -1;
      const TileLayout want = Op == 1   ? mma_a_fragment_layout(bytes_of(ty), F.k)
                              : Op == 2 ? mma_b_fragment_layout(bytes_of(ty), F.k)
                                        : mma_c_fragment_layout();
      if (X::shape().rank != 2 || g0 != rows || g1 != cols) {
        error = Error::shape;
        want0 = rows, want1 = cols, got0 = g0, got1 = g1;
      } else if (!(canonicalize(X::layout()) == canonicalize(want))) {
        error = Error::layout;
        want0 = rows, want1 = cols;
      }
    }
  }
};

/// The message of rule E for operand Op.
template <Error E, int Op, long long Want0, long long Want1, long long Got0, long long Got1>
TIRX_HD constexpr void report() {
  static_assert(E != Error::not_fragment,
                "tirx::tile::apply: mma.sync: operand Op (0 d, 1 a, 2 b, 3 c) must be a register "
                "fragment of the warp, a local tensor; make it with alloc_local<T, shape, "
                "mma_a_fragment_layout | mma_b_fragment_layout | mma_c_fragment_layout>()");
  static_assert(E != Error::element,
                "tirx::tile::apply: mma.sync: operand Op's element type is not the spelling's "
                "(Want0 bits, Got0 bits below); use half, nv_bfloat16, float (f32, tf32), "
                "signed/unsigned char (s8/u8), __nv_fp8_e4m3/e5m2 or int (s32)");
  static_assert(E != Error::shape,
                "tirx::tile::apply: mma.sync: operand Op must be (16, K) for a, (8, K) for b (B "
                "transposed) and (16, 8) for c and d (Want0 x Want1, Got0 x Got1 below)");
  static_assert(E != Error::layout,
                "tirx::tile::apply: mma.sync: operand Op's layout is not the m16n8kK fragment "
                "(Want0 x Want1 below); use mma_a_fragment_layout(bytes, K), "
                "mma_b_fragment_layout(bytes, K) or mma_c_fragment_layout()");
}

} // namespace tirx::ptxmma
