// The contract of a wgmma on whole operands: the spelling's parts (type
// combination, N, K), the element types, shapes and layouts its
// accumulator, A and B must have, the one-line messages of each rule
// (numbers in nvcc's instantiation line: Operand 0 the accumulator, 1 A,
// 2 B; Want/Got the extents or the element bits), and the matrix
// descriptor of a shared operand.
#pragma once

#include <tirx/ptx/desc.hpp>
#include <tirx/ptx/wgmma_layout.hpp>
#include <tirx/tensor/tensor.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::ptxwgmma {

/// One type combination: the spelling's text after the shape, K, the
/// accumulator's asm class, accumulator elements per register, whether the
/// form has transpose and scale immediates.
struct Combo {
  const char* types;
  int k;
  char cls;
  int per;
  bool trans;
  bool scales;
};
inline constexpr Combo combos[] = {
#define TIRX_WGMMA_COMBO(T, K, C, P, TR, SC) Combo{T, K, C, P, TR, SC},
#include <tirx/ptx/rows/wgmma_combos.def>
#undef TIRX_WGMMA_COMBO
};
inline constexpr int combo_count = static_cast<int>(sizeof(combos) / sizeof(combos[0]));

/// The parts of a spelling: combination (-1: none), N, K.
struct Form_ {
  int combo = -1;
  int n = 0;
  int k = 0;
};

/// wgmma.mma_async.sync.aligned.m64nNkK[.satfinite].d.a.b
TIRX_HD constexpr Form_ parse(const ptxdesc::Tokens& t) {
  Form_ f{};
  if (t.n < 8 || !t.is(1, "mma_async") || !t.is(2, "sync") || !t.is(3, "aligned"))
    return f;
  const int b = t.b[4], e = t.e[4];
  int i = b;
  auto digits = [&](int& v) {
    const int s = i;
    while (i < e && t.text[i] >= '0' && t.text[i] <= '9')
      v = v * 10 + (t.text[i++] - '0');
    return i > s;
  };
  int m = 0, n = 0, k = 0;
  if (!(i < e && t.text[i++] == 'm' && digits(m) && i < e && t.text[i++] == 'n' && digits(n) &&
        i < e && t.text[i++] == 'k' && digits(k) && i == e && m == 64))
    return f;
  const text_view rest{t.text.data + t.b[5], t.text.size - t.b[5]};
  for (int c = 0; c < combo_count; ++c)
    if (ptxdesc::spelled(rest, combos[c].types) && combos[c].k == k)
      f.combo = c;
  f.n = n;
  f.k = k;
  return f;
}

/// Bits of one accumulator element of combination c.
TIRX_HD constexpr int acc_bits(int c) {
  return combos[c].cls == 'f' || combos[c].per == 2 ? 32 : 16;
}

/// Whether name number `part` (0: d, 1: a, 2: b) of a combination's text is w.
TIRX_HD constexpr bool part_is(const char* text, int part, const char* w) {
  int i = text[0] == 's' && text[1] == 'a' ? 10 : 0; // after "satfinite."
  for (int p = 0; p < part; ++p) {
    while (text[i] != '.')
      ++i;
    ++i;
  }
  int j = 0;
  for (; w[j] != '\0'; ++j)
    if (text[i + j] != w[j])
      return false;
  return text[i + j] == '.' || text[i + j] == '\0';
}

/// The element type name `Part` of combination Combo stands for (float for
/// tf32, which is stored as f32).
template <int Combo, int Part> struct element {
  static constexpr const char* t = combos[Combo].types;
  template <bool C, class X, class Y> using pick = cuda::std::conditional_t<C, X, Y>;
  using type = pick<part_is(t, Part, "f32") || part_is(t, Part, "tf32"), float,
                    pick<part_is(t, Part, "f16"), half,
                         pick<part_is(t, Part, "bf16"), nv_bfloat16,
                              pick<part_is(t, Part, "e4m3"), __nv_fp8_e4m3,
                                   pick<part_is(t, Part, "e5m2"), __nv_fp8_e5m2,
                                        pick<part_is(t, Part, "s8"), signed char,
                                             pick<part_is(t, Part, "u8"), unsigned char, int>>>>>>>;
};

enum class Error {
  none,
  acc_not_registers, ///< the accumulator is not a register fragment (alloc_wgmma_accumulator)
  acc_element,       ///< its element type is not the spelling's d type
  acc_shape,         ///< its shape is not (64, N)
  acc_layout,        ///< its layout is not wgmma_accumulator_layout(N)
  element,           ///< A's or B's element type is not the spelling's
  a_shape,           ///< A is not (64, K)
  b_shape,           ///< B is not (N, K)
  not_shared,        ///< B (or A not in registers) is not in shared memory
  a_fragment,        ///< A in registers without wgmma_a_fragment_layout
  smem_swizzle,      ///< a shared operand's swizzle is none of the canonical ones
  smem_unit_stride,  ///< neither K nor MN has stride 1
  smem_layout,       ///< not a canonical layout (or LBO/SBO too large, start off 16 bytes)
  mn_major_types,    ///< an MN-major operand of a type without transpose (8-bit, tf32)
};

template <class X>
inline constexpr bool shared_v = X::scope == MemScope::shared || X::scope == MemScope::shared_dyn;

/// The facts the checks find for operands D, A, B of the form of
/// combination C, N and K.
template <int C, long long N, long long K, class Dr, class Ar, class Br> struct Operands {
  using D = cuda::std::remove_cvref_t<Dr>;
  using A = cuda::std::remove_cvref_t<Ar>;
  using B = cuda::std::remove_cvref_t<Br>;
  Error error = Error::none;
  int operand = 0;
  long long want0 = 0, want1 = 0, got0 = 0, got1 = 0;
  bool reg_a = false;
  long long a_slot = 0; ///< A in registers: the view's first slot
  SmemMatrix a{}, b{};

  TIRX_HD constexpr bool fail(Error e, int op, long long w0, long long w1, long long g0,
                              long long g1) {
    error = e;
    operand = op;
    want0 = w0, want1 = w1, got0 = g0, got1 = g1;
    return false;
  }
  template <class X> TIRX_HD static constexpr long long ext(int i) {
    return X::shape().rank > i ? static_cast<long long>(X::shape().dims[i]) : -1;
  }
  template <class X, class T> TIRX_HD constexpr bool element_ok(int op) {
    using E = cuda::std::remove_cv_t<typename X::value_type>;
    if constexpr (!cuda::std::is_same_v<E, T>)
      return fail(Error::element, op, 8 * sizeof(T), 0, 8 * sizeof(E), 0);
    return true;
  }
  template <class X> TIRX_HD constexpr bool smem_ok(int op, SmemMatrix& m, bool trans) {
    if (!shared_v<X>)
      return fail(Error::not_shared, op, 0, 0, 0, 0);
    m = smem_matrix_of(X::layout(), X::shape(), static_cast<int>(sizeof(typename X::value_type)));
    using SE = SmemMatrix::Error;
    if (m.error == SE::swizzle)
      return fail(Error::smem_swizzle, op, 0, 0, X::layout().swz.bits, X::layout().swz.base);
    if (m.error == SE::no_unit_stride)
      return fail(Error::smem_unit_stride, op, 0, 0, 0, 0);
    if (m.error != SE::none)
      return fail(Error::smem_layout, op, 0, 0, static_cast<int>(m.error), 0);
    if (m.major == MatrixMajor::mn && !trans)
      return fail(Error::mn_major_types, op, 0, 0, 0, 0);
    return true;
  }

  TIRX_HD constexpr Operands() {
    constexpr long long n = N, k = K;
    {
      using TD = typename element<C, 0>::type;
      using TA = typename element<C, 1>::type;
      using TB = typename element<C, 2>::type;
      if constexpr (!is_tensor_v<D>) {
        fail(Error::acc_not_registers, 0, 0, 0, 0, 0);
      } else if constexpr (D::scope != MemScope::local) {
        fail(Error::acc_not_registers, 0, 0, 0, 0, 0);
      } else if constexpr (!cuda::std::is_same_v<cuda::std::remove_cv_t<typename D::value_type>,
                                                 TD>) {
        fail(Error::acc_element, 0, 8 * sizeof(TD), 0, 8 * sizeof(typename D::value_type), 0);
      } else if constexpr (!is_tensor_v<A> || !is_tensor_v<B>) {
        fail(Error::not_shared, is_tensor_v<A> ? 2 : 1, 0, 0, 0, 0);
      } else {
        if (ext<D>(0) != 64 || ext<D>(1) != n || D::shape().rank != 2)
          fail(Error::acc_shape, 0, 64, n, ext<D>(0), ext<D>(1));
        else if (!(canonicalize(D::layout()) == canonicalize(wgmma_accumulator_layout(n))))
          fail(Error::acc_layout, 0, 64, n, 0, 0);
        else if (!element_ok<A, TA>(1) || !element_ok<B, TB>(2))
          ;
        else if (ext<A>(0) != 64 || ext<A>(1) != k || A::shape().rank != 2)
          fail(Error::a_shape, 1, 64, k, ext<A>(0), ext<A>(1));
        else if (ext<B>(0) != n || ext<B>(1) != k || B::shape().rank != 2)
          fail(Error::b_shape, 2, n, k, ext<B>(0), ext<B>(1));
        else if (A::scope == MemScope::local) {
          reg_a = true;
          // a view of a wider fragment (a K slice of a converted
          // accumulator) starts at a whole register: its slot offset
          constexpr TileLayout la = A::layout();
          a_slot = la.offset_on(Axis{0});
          if (!(without_offsets(la) ==
                without_offsets(wgmma_a_fragment_layout(static_cast<int>(sizeof(TA))))) ||
              la.noffset > (a_slot != 0 ? 1 : 0) || (a_slot * sizeof(TA)) % 4 != 0)
            fail(Error::a_fragment, 1, 64, k, 0, 0);
          else
            smem_ok<B>(2, b, combos[C].trans);
        } else if (smem_ok<A>(1, a, combos[C].trans)) {
          smem_ok<B>(2, b, combos[C].trans);
        }
      }
    }
  }
};

/// The message of rule E (nvcc's instantiation line shows the numbers).
template <Error E, int Operand, long long Want0, long long Want1, long long Got0, long long Got1>
TIRX_HD constexpr void report() {
  static_assert(E != Error::acc_not_registers,
                "tirx::tile::apply: wgmma: the accumulator (operand 0) must be the warpgroup's "
                "register fragment; make it with alloc_wgmma_accumulator<T, N>()");
  static_assert(E != Error::acc_element,
                "tirx::tile::apply: wgmma: the accumulator's element type is not the spelling's "
                "d type (Want0 bits, Got0 bits below); use float for .f32, half for .f16, int "
                "for .s32");
  static_assert(E != Error::acc_shape,
                "tirx::tile::apply: wgmma: the accumulator must be (64, N) of the spelling's "
                "m64nN (Want0 x Want1, Got0 x Got1 below); allocate it with "
                "alloc_wgmma_accumulator<T, N>()");
  static_assert(E != Error::acc_layout,
                "tirx::tile::apply: wgmma: the accumulator's layout is not the m64nN fragment; "
                "use wgmma_accumulator_layout(N) (alloc_wgmma_accumulator<T, N>() does)");
  static_assert(E != Error::element,
                "tirx::tile::apply: wgmma: operand Operand's element type is not the spelling's "
                "(Want0 bits, Got0 bits below); pass the type the spelling names (tf32: float)");
  static_assert(E != Error::a_shape,
                "tirx::tile::apply: wgmma: A must be (64, K) (Want0 x Want1, Got0 x Got1 "
                "below); take the K slice of the stage with sub<_, range<k, k + K>>");
  static_assert(E != Error::b_shape,
                "tirx::tile::apply: wgmma: B must be (N, K), B transposed (Want0 x Want1, Got0 x "
                "Got1 below); view a row-major K x N tile as its MN-major (N, K) layout");
  static_assert(E != Error::not_shared,
                "tirx::tile::apply: wgmma: B (and A unless it is the register fragment) must be "
                "a shared-memory tensor");
  static_assert(E != Error::a_fragment,
                "tirx::tile::apply: wgmma: A in registers must have wgmma_a_fragment_layout "
                "(the m64kK fragment, or a K slice of a 16-bit accumulator-layout tile at a whole "
                "register); load it with that layout or pass a shared tile");
  static_assert(E != Error::smem_swizzle,
                "tirx::tile::apply: wgmma: a shared operand's swizzle (Got0 = B, Got1 = M "
                "below) is not swizzle_for(b32 | b64 | b128, element bytes) nor none; build the "
                "tile with wgmma_smem_layout");
  static_assert(E != Error::smem_unit_stride,
                "tirx::tile::apply: wgmma: a shared operand has stride 1 on neither K nor MN; "
                "wgmma reads K-major or MN-major tiles (wgmma_smem_layout)");
  static_assert(E != Error::smem_layout,
                "tirx::tile::apply: wgmma: a shared operand's layout is not a canonical matrix "
                "layout (8-row swizzle atoms or 8 x 16-byte cores; Got0 the SmemMatrix::Error); "
                "build it with wgmma_smem_layout or a TMA box of one swizzle row");
  static_assert(E != Error::mn_major_types,
                "tirx::tile::apply: wgmma: an MN-major (transposed) operand needs 16-bit types "
                "(f16, bf16); 8-bit and tf32 operands must be K-major");
}

#if defined(__CUDACC__)
/// The matrix descriptor of a shared operand with facts M at p: start,
/// LBO, SBO in 16-byte units, the swizzle mode. In debug builds, traps
/// when a swizzled tile's base is not aligned to its swizzle atom (Align:
/// the alignment the tile's type promises).
///
/// The start field is ((p + M.start) & 0x3FFFF) >> 4: the address in the
/// CTA's shared window (the mask drops a cluster CTA's rank, above bit 24).
/// It is built as ((p & 0x3FFFF) >> 4) + M.start / 16, which is the same
/// value (M.start is a multiple of 16, or Operands reports smem_layout
/// before this is instantiated; and the operand lies inside the window, so
/// nothing carries past bit 18). Written so, the k slices of
/// one stage tile (one p, static starts) share the masked base, and each
/// descriptor is that base plus a constant.
template <SmemMatrix M, int Align = 1, class T>
__device__ TIRX_FORCEINLINE unsigned long long descriptor(T* p) {
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(p));
  // (not when the tile's type already promises it: then no check sits
  // between two wgmmas, where its branch would make ptxas serialize them)
  if constexpr (M.mode != SwizzleMode::none && Align % (8 * M.row_bytes()) != 0)
    TIRX_CHECK((at % (8 * M.row_bytes())) == 0,
               "tirx::tile::apply: wgmma: a swizzled shared tile must start on its swizzle atom "
               "(8 rows of the swizzle's bytes, 1024 for 128B); allocate it with that alignment");
  constexpr unsigned fixed_lo =
      static_cast<unsigned>(M.start >> 4) + (static_cast<unsigned>(M.lbo >> 4) << 16);
  constexpr unsigned hi =
      static_cast<unsigned>(M.sbo >> 4) | (static_cast<unsigned>(M.mode_bits()) << 30);
  const unsigned lo = ((at & 0x3FFFFu) >> 4) + fixed_lo;
  return (static_cast<unsigned long long>(hi) << 32) | lo;
}
#endif

} // namespace tirx::ptxwgmma
