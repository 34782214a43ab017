// The tcgen05.cp family (sm_100a): one thread copies a matrix of 32-bit
// words from shared memory to tensor memory, asynchronously (completed,
// like tcgen05.mma, by tcgen05_commit; exec/tcgen05.hpp).
//   tile::apply<ptx<"tcgen05.cp.cta_group::1.128x256b">>(tmem, smem, scope::thread);
// tmem: the (rows, words) TMEM region tmem_cp_shape(shape) of 32-bit
// elements placed as tmem_cp_layout(shape) (the multicasts hold each row
// on 2 or 4 lanes, as replicas), starting on a 128-bit column; smem: a
// shared (rows, words) tile of 32-bit elements with a canonical K-major
// layout (wgmma_smem_layout with 4-byte elements), whose matrix descriptor
// tirx builds. Every form (ptx/rows/tcgen05_cp.def) goes through CCCL's
// cuda::ptx::tcgen05_cp_*.
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/tcgen05_mma_check.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::ptxtcgen05 {

/// The parts of tcgen05.cp.cta_group::G.SHAPE[.MULTICAST] (ok: parsed).
struct CpForm {
  bool ok = false;
  int cta_group = 1;
  TmemCpShape shape = TmemCpShape::s128x256b;
};

TIRX_HD constexpr CpForm parse_cp(const ptxdesc::Tokens& t) {
  CpForm f{};
  if (t.n < 4 || t.n > 5 || !t.is(0, "tcgen05") || !t.is(1, "cp"))
    return f;
  const bool cg1 = t.is(2, "cta_group::1"), cg2 = t.is(2, "cta_group::2");
  f.cta_group = cg2 ? 2 : 1;
  struct Name {
    const char* shape;
    const char* cast;
    TmemCpShape s;
  };
  const Name names[] = {{"128x256b", nullptr, TmemCpShape::s128x256b},
                        {"4x256b", nullptr, TmemCpShape::s4x256b},
                        {"128x128b", nullptr, TmemCpShape::s128x128b},
                        {"64x128b", "warpx2::02_13", TmemCpShape::s64x128b_02_13},
                        {"64x128b", "warpx2::01_23", TmemCpShape::s64x128b_01_23},
                        {"32x128b", "warpx4", TmemCpShape::s32x128b}};
  for (const Name& n : names)
    if (t.is(3, n.shape) && (n.cast ? t.n == 5 && t.is(4, n.cast) : t.n == 4) && (cg1 || cg2)) {
      f.ok = true;
      f.shape = n.s;
    }
  return f;
}

enum class CpError {
  none,
  not_tmem,    ///< the destination is not a TMEM tensor
  element,     ///< an operand's elements are not 32 bits
  tmem_shape,  ///< the destination is not tmem_cp_shape(shape)
  tmem_layout, ///< the destination is not placed as tmem_cp_layout(shape)
  tmem_origin, ///< it does not start on a 128-bit column, or leaves the 128 lanes
  not_shared,  ///< the source is not a shared-memory tensor
  smem_shape,  ///< the source is not (rows, words) of the shape
  smem_layout, ///< the source is not a canonical K-major layout
};

/// The facts the checks find for destination Dr and source Sr of shape Sh.
template <TmemCpShape Sh, class Dr, class Sr> struct CpOperands {
  using D = cuda::std::remove_cvref_t<Dr>;
  using Src = cuda::std::remove_cvref_t<Sr>;
  CpError error = CpError::none;
  long long got0 = 0, got1 = 0;
  SmemMatrix s{};

  TIRX_HD constexpr bool fail(CpError e, long long g0 = 0, long long g1 = 0) {
    error = e;
    got0 = g0, got1 = g1;
    return false;
  }

  TIRX_HD constexpr CpOperands() {
    constexpr Shape want = tmem_cp_shape(Sh);
    if constexpr (!is_tmem_tensor_v<D>) {
      fail(CpError::not_tmem);
    } else if constexpr (!is_tensor_v<Src>) {
      fail(CpError::not_shared);
    } else if constexpr (dtype_bits<typename D::value_type> != 32 ||
                         dtype_bits<typename Src::value_type> != 32) {
      fail(CpError::element, dtype_bits<typename D::value_type>,
           dtype_bits<typename Src::value_type>);
    } else if constexpr (!smem_v<Src>) {
      fail(CpError::not_shared);
    } else {
      constexpr TmemReach reach = tmem_reach(D::layout(), 32);
      if (!(D::shape() == want))
        fail(CpError::tmem_shape, D::shape().dims[0], D::shape().rank > 1 ? D::shape().dims[1] : 0);
      else if (!(without_offsets(D::layout()) == without_offsets(tmem_cp_layout(Sh))))
        fail(CpError::tmem_layout);
      else if (D::layout().offset_on(axes::TCol) % 4 != 0 || !reach.fits())
        fail(CpError::tmem_origin, D::layout().offset_on(axes::TLane),
             D::layout().offset_on(axes::TCol));
      else if (!(Src::shape() == want))
        fail(CpError::smem_shape, Src::shape().dims[0],
             Src::shape().rank > 1 ? Src::shape().dims[1] : 0);
      else {
        s = smem_matrix_of(Src::layout(), Src::shape(), 4);
        if (s.error != SmemMatrix::Error::none || s.major != MatrixMajor::k)
          fail(CpError::smem_layout, static_cast<int>(s.error), s.major == MatrixMajor::mn);
      }
    }
  }
};

/// The message of rule E (Got0, Got1: the numbers in nvcc's instantiation line).
template <CpError E, long long Got0, long long Got1> TIRX_HD constexpr void report_cp() {
  static_assert(E != CpError::not_tmem,
                "tirx::tile::apply: tcgen05.cp: the destination must be a TMEM tensor (decl_tmem, "
                "tmem_sub)");
  static_assert(
      E != CpError::element,
      "tirx::tile::apply: tcgen05.cp: both operands must have 32-bit elements (Got0, Got1 "
      "below); view the words as uint32");
  static_assert(E != CpError::tmem_shape,
                "tirx::tile::apply: tcgen05.cp: the destination must be the shape's (rows, 32-bit "
                "words): 128x256b 128 x 8, 4x256b 4 x 8, 128x128b 128 x 4, 64x128b 64 x 4, 32x128b "
                "32 x 4 (Got0 x Got1 below)");
  static_assert(E != CpError::tmem_layout,
                "tirx::tile::apply: tcgen05.cp: the destination is not placed where the shape "
                "writes; declare it with tmem_cp_layout(shape) (the multicasts as replicas)");
  static_assert(E != CpError::tmem_origin,
                "tirx::tile::apply: tcgen05.cp: the destination must start on a 128-bit column (a "
                "multiple of 4) and stay within the 128 lanes (Got0 lane, Got1 column below)");
  static_assert(E != CpError::not_shared,
                "tirx::tile::apply: tcgen05.cp: the source must be a shared-memory tensor");
  static_assert(E != CpError::smem_shape,
                "tirx::tile::apply: tcgen05.cp: the source must be the destination's (rows, words) "
                "(Got0 x Got1 below)");
  static_assert(
      E != CpError::smem_layout,
      "tirx::tile::apply: tcgen05.cp: the source is not a canonical K-major matrix layout "
      "(Got0 the SmemMatrix::Error, Got1 1 if MN-major); build it with wgmma_smem_layout");
}

struct cp_family {
  static constexpr const char* name = "tcgen05.cp";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "tcgen05") && t.is(1, "cp");
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    d.dst = Operand{Role::mem, Space::none, 32, 'r'};
    d.src = Operand{Role::mem, Space::shared, 32, 'l'};
    d.min_srcs = d.max_srcs = 1;
    d.lanes = 1;
    d.whole = true;
    d.guards = false;
    d.parsed = parse_cp(t).ok;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/tcgen05_cp.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/tcgen05_cp.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// One copy on whole operands (apply's whole path).
  template <fixed_string S, unsigned Flags, class D, class Src>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue&, D& d, Src& src) {
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr CpForm f = parse_cp(t);
    constexpr CpOperands<f.shape, D, Src> o{};
    if constexpr (o.error != CpError::none) {
      report_cp<o.error, o.got0, o.got1>();
    } else {
      const cuda::std::uint32_t taddr = tmem_address(d);
      const cuda::std::uint64_t desc = descriptor<o.s>(src.data());
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
      using G = cuda::ptx::cta_group_t<f.cta_group == 1 ? cuda::ptx::dot_cta_group::cta_group_1
                                                        : cuda::ptx::dot_cta_group::cta_group_2>;
      if constexpr (f.shape == TmemCpShape::s128x256b)
        cuda::ptx::tcgen05_cp_128x256b(G{}, taddr, desc);
      else if constexpr (f.shape == TmemCpShape::s4x256b)
        cuda::ptx::tcgen05_cp_4x256b(G{}, taddr, desc);
      else if constexpr (f.shape == TmemCpShape::s128x128b)
        cuda::ptx::tcgen05_cp_128x128b(G{}, taddr, desc);
      else if constexpr (f.shape == TmemCpShape::s64x128b_02_13)
        cuda::ptx::tcgen05_cp_64x128b_warpx2_02_13(G{}, taddr, desc);
      else if constexpr (f.shape == TmemCpShape::s64x128b_01_23)
        cuda::ptx::tcgen05_cp_64x128b_warpx2_01_23(G{}, taddr, desc);
      else
        cuda::ptx::tcgen05_cp_32x128b_warpx4(G{}, taddr, desc);
#else
      (void)taddr, (void)desc;
#endif
    }
  }
#endif
};

} // namespace tirx::ptxtcgen05
