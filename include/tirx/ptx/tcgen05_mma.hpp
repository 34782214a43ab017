// The tcgen05.mma family (sm_100a): one thread issues an MMA of the 5th-
// generation tensor cores, D (tensor memory) = A B [+ D], asynchronously.
//   tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::f16">>(
//       d, a, b, scope::thread [, tile::accumulate(k > 0)] [, tile::negate_a]);
// d: the (M / cta_group, N) accumulator in tensor memory
// (tcgen05_accumulator_layout); a: a shared (M / cta_group, K) tile or an
// (M / cta_group, K) TMEM tensor (tcgen05_a_tmem_layout); b: a shared
// (N / cta_group, K) tile (B transposed). K is 32 bytes of elements (f16:
// 16, tf32: 8, f8f6f4 and i8: 32). Shared tiles must have a canonical
// layout (wgmma_smem_layout, a TMA box of one swizzle row), K-major or
// MN-major (every kind). tirx builds the instruction descriptor from the
// element types, M, N and the majors (ptx/tcgen05_desc.hpp) and the matrix
// descriptors from the tiles' layouts; no user writes either. The MMA runs
// asynchronously: tcgen05_commit(bar) (exec/tcgen05.hpp) makes an mbarrier
// arrive once the MMAs this thread issued before it are done. Every form
// (ptx/rows/tcgen05_mma.def) goes through CCCL's cuda::ptx::tcgen05_mma.
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/tcgen05_mma_check.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::ptxtcgen05 {

struct mma_family {
  static constexpr const char* name = "tcgen05.mma";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "tcgen05") && t.is(1, "mma");
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    d.dst = Operand{Role::mem, Space::none, 0, 'r'};
    d.src = Operand{Role::mem, Space::shared, 0, 'l'};
    d.min_srcs = d.max_srcs = 2;
    d.lanes = 1;
    d.whole = true;
    d.accumulates = true;
    d.guards = false;
    d.parsed = parse_mma(t).ok;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/tcgen05_mma.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/tcgen05_mma.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  static constexpr cuda::ptx::dot_kind dot_kind_of(MmaKind k) {
    return k == MmaKind::f16      ? cuda::ptx::dot_kind::f16
           : k == MmaKind::tf32   ? cuda::ptx::dot_kind::tf32
           : k == MmaKind::f8f6f4 ? cuda::ptx::dot_kind::f8f6f4
                                  : cuda::ptx::dot_kind::i8;
  }
  template <MmaKind K> using kind_tag = cuda::ptx::kind_t<dot_kind_of(K)>;
  template <int G>
  using group_tag = cuda::ptx::cta_group_t<G == 1 ? cuda::ptx::dot_cta_group::cta_group_1
                                                  : cuda::ptx::dot_cta_group::cta_group_2>;

  /// One MMA on whole operands (apply's whole path). Flags: bit 0 negates
  /// A, bit 1 negates B (tile::negate_a, tile::negate_b).
  template <fixed_string S, unsigned Flags, class D, class A, class B>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue& on, D& d, A& a, B& b) {
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr MmaForm f = parse_mma(t);
    constexpr MmaOperands<f.kind, f.cta_group, D, A, B> o{};
    if constexpr (o.error != MmaError::none) {
      report_mma<o.error, o.operand, o.want0, o.want1, o.got0, o.got1>();
    } else if constexpr (Flags != 0 && !negates(f.kind)) {
      static_assert(Flags == 0, "tirx::tile::apply: tcgen05.mma: kind::i8 has no negate bits; drop "
                                "negate_a / negate_b");
    } else {
      constexpr InstrDesc fields{o.m,
                                 o.n,
                                 d_code<typename D::value_type>(f.kind),
                                 ab_code<typename A::value_type>(f.kind),
                                 ab_code<typename B::value_type>(f.kind),
                                 !o.a_tmem && o.a.major == MatrixMajor::mn,
                                 o.b.major == MatrixMajor::mn,
                                 (Flags & 1u) != 0,
                                 (Flags & 2u) != 0,
                                 false};
      constexpr cuda::std::uint32_t idesc = instr_desc(fields);
      const cuda::std::uint32_t dt = tmem_address(d);
      const cuda::std::uint64_t db = descriptor<o.b>(b.data());
      const bool keep = on.accumulate != 0;
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
      if constexpr (o.a_tmem)
        cuda::ptx::tcgen05_mma_tmem_a(kind_tag<f.kind>{}, group_tag<f.cta_group>{}, dt,
                                      tmem_address(a), db, idesc, keep);
      else
        cuda::ptx::tcgen05_mma(kind_tag<f.kind>{}, group_tag<f.cta_group>{}, dt,
                               descriptor<o.a>(a.data()), db, idesc, keep);
#else
      (void)dt, (void)db, (void)keep, (void)a;
#endif
    }
  }
#endif
};

} // namespace tirx::ptxtcgen05
