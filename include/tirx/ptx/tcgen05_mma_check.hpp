// The contract of a tcgen05.mma on whole operands (sm_100a): the spelling's
// parts (cta_group, kind), what the accumulator D, A and B must be, and one
// line per broken rule (numbers in nvcc's instantiation line: Operand 0 D,
// 1 A, 2 B; Want/Got the extents or the element bits). The MMA's M, N and K
// are the operands' shapes: D is (M / cta_group, N) in tensor memory, A is
// (M / cta_group, K) in shared or tensor memory, B is (N / cta_group, K) in
// shared memory (B transposed, as for wgmma), K is 32 bytes of A's elements.
#pragma once

#include <tirx/ptx/desc.hpp>
#include <tirx/ptx/tcgen05_desc.hpp>
#include <tirx/ptx/tcgen05_layout.hpp>
#include <tirx/tensor/tmem.hpp>

namespace tirx::ptxtcgen05 {

/// The parts of a spelling tcgen05.mma.cta_group::G.kind::K (ok: parsed).
struct MmaForm {
  bool ok = false;
  int cta_group = 1;
  MmaKind kind = MmaKind::f16;
};

TIRX_HD constexpr MmaForm parse_mma(const ptxdesc::Tokens& t) {
  MmaForm f{};
  if (t.n != 4 || !t.is(0, "tcgen05") || !t.is(1, "mma"))
    return f;
  const bool cg1 = t.is(2, "cta_group::1"), cg2 = t.is(2, "cta_group::2");
  const char* kinds[] = {"kind::f16", "kind::tf32", "kind::f8f6f4", "kind::i8"};
  for (int k = 0; k < 4; ++k)
    if (t.is(3, kinds[k]) && (cg1 || cg2)) {
      f.ok = true;
      f.cta_group = cg1 ? 1 : 2;
      f.kind = static_cast<MmaKind>(k);
    }
  return f;
}

enum class MmaError {
  none,
  d_not_tmem,       ///< D is not a TMEM tensor
  d_element,        ///< D's element type is none of the kind's
  d_rank,           ///< D is not (M / cta_group, N)
  m_shape,          ///< M is not 64 / 128 (cta_group::1) or 128 / 256 (cta_group::2)
  n_shape,          ///< N is not a step of the kind's N for this M
  d_layout,         ///< D is not placed as tcgen05_accumulator_layout
  element,          ///< A's or B's element type is not the kind's
  f16_types,        ///< kind::f16: A and B differ, or D half with bf16
  a_shape,          ///< A is not (M / cta_group, K)
  b_shape,          ///< B is not (N / cta_group, K)
  not_shared,       ///< B (or A not in TMEM) is not in shared memory
  a_tmem_layout,    ///< A in TMEM is not placed as tcgen05_a_tmem_layout
  smem_swizzle,     ///< a shared operand's swizzle is none of the canonical ones
  smem_unit_stride, ///< neither K nor MN has stride 1
  smem_layout,      ///< not a canonical layout
};

template <class X>
inline constexpr bool smem_v = X::scope == MemScope::shared || X::scope == MemScope::shared_dyn;

/// The facts the checks find for operands D, A, B of form (Kind, CtaGroup).
template <MmaKind Kind, int CtaGroup, class Dr, class Ar, class Br> struct MmaOperands {
  using D = cuda::std::remove_cvref_t<Dr>;
  using A = cuda::std::remove_cvref_t<Ar>;
  using B = cuda::std::remove_cvref_t<Br>;
  MmaError error = MmaError::none;
  int operand = 0;
  long long want0 = 0, want1 = 0, got0 = 0, got1 = 0;
  bool a_tmem = false;
  int m = 0, n = 0;
  SmemMatrix a{}, b{};

  TIRX_HD constexpr bool fail(MmaError e, int op, long long w0, long long w1, long long g0,
                              long long g1) {
    error = e;
    operand = op;
    want0 = w0, want1 = w1, got0 = g0, got1 = g1;
    return false;
  }
  template <class X> TIRX_HD static constexpr long long ext(int i) {
    return X::shape().rank > i ? static_cast<long long>(X::shape().dims[i]) : -1;
  }
  template <class X> TIRX_HD constexpr bool smem_ok(int op, SmemMatrix& mx) {
    if (!smem_v<X>)
      return fail(MmaError::not_shared, op, 0, 0, 0, 0);
    mx = smem_matrix_of(X::layout(), X::shape(), static_cast<int>(sizeof(typename X::value_type)));
    using SE = SmemMatrix::Error;
    if (mx.error == SE::swizzle)
      return fail(MmaError::smem_swizzle, op, 0, 0, X::layout().swz.bits, X::layout().swz.base);
    if (mx.error == SE::no_unit_stride)
      return fail(MmaError::smem_unit_stride, op, 0, 0, 0, 0);
    if (mx.error != SE::none)
      return fail(MmaError::smem_layout, op, 0, 0, static_cast<int>(mx.error), 0);
    return true;
  }

  TIRX_HD constexpr MmaOperands() {
    if constexpr (!is_tmem_tensor_v<D>) {
      fail(MmaError::d_not_tmem, 0, 0, 0, 0, 0);
    } else if constexpr (d_code<typename D::value_type>(Kind) < 0) {
      fail(MmaError::d_element, 0, 0, 0, 8 * sizeof(typename D::value_type), 0);
    } else if constexpr (!is_tensor_v<A> || !is_tensor_v<B>) {
      fail(MmaError::not_shared, is_tensor_v<A> ? 2 : 1, 0, 0, 0, 0);
    } else {
      using TA = typename A::value_type;
      using TB = typename B::value_type;
      using TD = typename D::value_type;
      constexpr long long k = mma_k(Kind);
      const long long mc = ext<D>(0), nn = ext<D>(1);
      m = static_cast<int>(mc * CtaGroup);
      n = static_cast<int>(nn);
      const bool mn_ok =
          mma_shape_ok(Kind, CtaGroup, m, 128) || mma_shape_ok(Kind, CtaGroup, m, 256);
      if (D::shape().rank != 2)
        fail(MmaError::d_rank, 0, 2, 0, D::shape().rank, 0);
      else if (!mn_ok)
        fail(MmaError::m_shape, 0, CtaGroup == 1 ? 128 : 256, 0, m, 0);
      else if (!mma_shape_ok(Kind, CtaGroup, m, nn))
        fail(MmaError::n_shape, 0, m, nn, 0, 0);
      else if (!(without_offsets(D::layout()) ==
                 without_offsets(tcgen05_accumulator_layout(m, nn, CtaGroup, 8 * sizeof(TD)))) ||
               D::layout().offset_on(axes::TLane) != 0)
        fail(MmaError::d_layout, 0, m, nn, 0, 0);
      else if (ab_code<TA>(Kind) < 0)
        fail(MmaError::element, 1, 0, 0, 8 * sizeof(TA), 0);
      else if (ab_code<TB>(Kind) < 0)
        fail(MmaError::element, 2, 0, 0, 8 * sizeof(TB), 0);
      else if (Kind == MmaKind::f16 && (ab_code<TA>(Kind) != ab_code<TB>(Kind) ||
                                        (d_code<TD>(Kind) == 0 && ab_code<TA>(Kind) != 0)))
        fail(MmaError::f16_types, 1, 0, 0, 0, 0);
      else if (ext<A>(0) != mc || ext<A>(1) != k || A::shape().rank != 2)
        fail(MmaError::a_shape, 1, mc, k, ext<A>(0), ext<A>(1));
      else if (ext<B>(0) != nn / CtaGroup || ext<B>(1) != k || B::shape().rank != 2)
        fail(MmaError::b_shape, 2, nn / CtaGroup, k, ext<B>(0), ext<B>(1));
      else if constexpr (A::scope == MemScope::tmem) {
        a_tmem = true;
        if (!is_tmem_tensor_v<A> ||
            !(without_offsets(A::layout()) ==
              without_offsets(tcgen05_a_tmem_layout(m, k, CtaGroup))) ||
            A::layout().offset_on(axes::TLane) != 0)
          fail(MmaError::a_tmem_layout, 1, mc, k, 0, 0);
        else
          smem_ok<B>(2, b);
      } else if (smem_ok<A>(1, a)) {
        smem_ok<B>(2, b);
      }
    }
  }
};

/// The message of rule E (nvcc's instantiation line shows the numbers).
template <MmaError E, int Operand, long long Want0, long long Want1, long long Got0, long long Got1>
TIRX_HD constexpr void report_mma() {
  static_assert(
      E != MmaError::d_not_tmem,
      "tirx::tile::apply: tcgen05.mma: the accumulator (operand 0) must be a TMEM tensor; "
      "declare it with decl_tmem<TmemTensor<float, ShapeT<M, N>>>(address)");
  static_assert(
      E != MmaError::d_element,
      "tirx::tile::apply: tcgen05.mma: the accumulator's element type is not one of the "
      "kind's (Got0 bits below); use float (f16, tf32, f8f6f4; or half), int for kind::i8");
  static_assert(
      E != MmaError::d_rank,
      "tirx::tile::apply: tcgen05.mma: the accumulator must have two modes (M / cta_group, "
      "N) (Want0, Got0 below)");
  static_assert(
      E != MmaError::m_shape,
      "tirx::tile::apply: tcgen05.mma: M (the accumulator's rows x cta_group, Got0 below) "
      "must be 64 or 128 with cta_group::1, 128 or 256 with cta_group::2");
  static_assert(
      E != MmaError::n_shape,
      "tirx::tile::apply: tcgen05.mma: N (Want1 below, for M = Want0) is not a shape of "
      "the kind: cta_group::1 M = 64 takes N in 8..256 in steps of 8, M = 128 steps of 16 "
      "(kind::i8 also N = 8, 24); cta_group::2 N in 32..256 in steps of 32");
  static_assert(
      E != MmaError::d_layout,
      "tirx::tile::apply: tcgen05.mma: the accumulator is not placed where the MMA of this "
      "M writes (Want0 x Want1 below); declare it with tcgen05_accumulator_layout(M, N, "
      "cta_group), starting on lane 0");
  static_assert(E != MmaError::element,
                "tirx::tile::apply: tcgen05.mma: operand Operand's element type is not one of the "
                "kind's (Got0 bits below): kind::f16 half or bfloat16, tf32 float, f8f6f4 e4m3 or "
                "e5m2, i8 int8 or uint8");
  static_assert(E != MmaError::f16_types,
                "tirx::tile::apply: tcgen05.mma: kind::f16 takes A and B of one type (half or "
                "bfloat16), and a half accumulator only with half A and B");
  static_assert(E != MmaError::a_shape,
                "tirx::tile::apply: tcgen05.mma: A must be (M / cta_group, K), K = 32 bytes of its "
                "elements (Want0 x Want1, Got0 x Got1 below); take the K slice of the stage with "
                "sub(_, range<k, k + K>)");
  static_assert(
      E != MmaError::b_shape,
      "tirx::tile::apply: tcgen05.mma: B must be (N / cta_group, K), B transposed (Want0 x "
      "Want1, Got0 x Got1 below); view a row-major K x N tile as its MN-major (N, K) layout");
  static_assert(E != MmaError::not_shared,
                "tirx::tile::apply: tcgen05.mma: B, and A unless it is in tensor memory, must be a "
                "shared-memory tensor (operand Operand below)");
  static_assert(E != MmaError::a_tmem_layout,
                "tirx::tile::apply: tcgen05.mma: A in tensor memory must be placed as "
                "tcgen05_a_tmem_layout(M, K, cta_group) from lane 0 (Want0 x Want1 below)");
  static_assert(
      E != MmaError::smem_swizzle,
      "tirx::tile::apply: tcgen05.mma: a shared operand's swizzle (Got0 = B, Got1 = M "
      "below) is not swizzle_for(b32 | b64 | b128, element bytes) nor none; build the tile "
      "with wgmma_smem_layout");
  static_assert(
      E != MmaError::smem_unit_stride,
      "tirx::tile::apply: tcgen05.mma: a shared operand has stride 1 on neither K nor MN; "
      "tcgen05.mma reads K-major or MN-major tiles (wgmma_smem_layout)");
  static_assert(
      E != MmaError::smem_layout,
      "tirx::tile::apply: tcgen05.mma: a shared operand's layout is not a canonical matrix "
      "layout (Got0 the SmemMatrix::Error); build it with wgmma_smem_layout or a TMA box "
      "of one swizzle row");
}

#if defined(__CUDACC__)
/// The sm_100 matrix descriptor of a shared operand with facts M at p. In
/// debug builds, traps when a swizzled tile's base is not aligned to its
/// swizzle atom (the descriptor's base offset is 0).
template <SmemMatrix M, class T> __device__ TIRX_FORCEINLINE cuda::std::uint64_t descriptor(T* p) {
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(p)) + M.start;
  if constexpr (M.mode != SwizzleMode::none)
    TIRX_CHECK(((addr - M.start) % (8 * M.row_bytes())) == 0,
               "tirx::tile::apply: tcgen05: a swizzled shared tile must start on its swizzle atom "
               "(8 rows of the swizzle's bytes, 1024 for 128B); allocate it with that alignment");
  return smem_desc(addr, M);
}
#endif

} // namespace tirx::ptxtcgen05
