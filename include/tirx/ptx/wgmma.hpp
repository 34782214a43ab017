// The wgmma.mma_async family (sm_90a): one warpgroup multiplies a 64 x K
// tile of A by a K x N tile of B into its m64nN accumulator, asynchronously.
//   tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16">>(
//       acc, a, b, scope::warpgroup [, tile::accumulate(k > 0)]);
// acc: the accumulator fragment (alloc_wgmma_accumulator); a: a shared
// (64, K) tile, or the A register fragment (wgmma_a_fragment_layout); b: a
// shared (N, K) tile (B transposed: a row-major K x N matrix is its
// MN-major layout). Shared tiles must have one of the canonical layouts
// (ptx/wgmma_layout.hpp); tirx builds their matrix descriptors, and
// MN-major tiles set the transpose immediates (16-bit types only). Every
// form of PTX 8.0 is a row (ptx/rows/wgmma.def, written by
// scripts/gen_wgmma.py): f16/bf16 (k16), tf32 (k8), e4m3/e5m2 (k32) into
// f32 or f16, s8/u8 (k32, .satfinite) into s32; N from 8 to 256.
// Completion: wgmma_fence() before the first wgmma that reads registers
// written since, wgmma_commit_group(), then wgmma_wait_group<N>(acc) before
// the accumulator is read (ptx/wgmma_sync.hpp).
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/wgmma_check.hpp>
#include <tirx/ptx/wgmma_sync.hpp>

namespace tirx::ptxwgmma {

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/// The asm of the forms of type combination Combo and width N (run<RegA,
/// ScaleA, ScaleB, TransA, TransB>(d, da, a, db, scale_d)): one
/// specialization per form, so that a wgmma instantiates one small body.
template <int Combo, int N> struct form_asm {
  static_assert(Combo < 0, "tirx: no such wgmma form (type combination, N)");
};
#include <tirx/ptx/rows/wgmma_emit.inc>
#endif

struct family {
  static constexpr const char* name = "wgmma.mma_async";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "wgmma"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const Form_ f = parse(t);
    d.dst = Operand{Role::reg, Space::none, f.combo >= 0 ? acc_bits(f.combo) : 0, 'f'};
    d.src = Operand{Role::mem, Space::shared, 0, 'l'};
    d.min_srcs = d.max_srcs = 2;
    d.lanes = 128;
    d.whole = true;
    d.accumulates = true;
    d.guards = false;
    d.parsed = f.combo >= 0;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/wgmma.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/wgmma.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// The asm of one form: d the accumulator's registers, da/db the
  /// descriptors (da unused when RegA: a holds A's four registers).
  template <int Combo, int N, bool RegA, int ScaleA, int ScaleB, int TransA, int TransB, class C>
  __device__ TIRX_FORCEINLINE static void emit(C* d, unsigned long long da, const unsigned* a,
                                               unsigned long long db, unsigned scale_d) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    form_asm<Combo, N>::template run<RegA, ScaleA, ScaleB, TransA, TransB>(d, da, a, db, scale_d);
#else
    (void)d, (void)da, (void)a, (void)db, (void)scale_d;
#endif
  }

  /// One wgmma on whole operands (apply's whole path). Flags: bit 0 negates
  /// A, bit 1 negates B (tile::negate_a, tile::negate_b).
  template <fixed_string S, unsigned Flags, class D, class A, class B>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue& on, D& d, A& a, B& b) {
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr Form_ f = parse(t);
    constexpr Operands<f.combo, f.n, f.k, D, A, B> o{};
    if constexpr (o.error != Error::none) {
      ptxwgmma::report<o.error, o.operand, o.want0, o.want1, o.got0, o.got1>();
    } else if constexpr (Flags != 0 && !combos[f.combo].scales) {
      static_assert(Flags == 0, "tirx::tile::apply: wgmma: the integer forms (s8, u8) have no "
                                "scale immediates; drop negate_a / negate_b");
    } else {
      constexpr Combo c = combos[f.combo];
      constexpr int scale_a = (Flags & 1u) ? -1 : 1, scale_b = (Flags & 2u) ? -1 : 1;
      using Cr = cuda::std::conditional_t<c.cls == 'f', float, unsigned>;
      Cr* regs = reinterpret_cast<Cr*>(d.data());
      const unsigned long long db =
          descriptor<o.b, cuda::std::remove_cvref_t<decltype(b)>::align>(b.data());
      if constexpr (o.reg_a) {
        const unsigned* ar = reinterpret_cast<const unsigned*>(a.data() + o.a_slot);
        emit<f.combo, f.n, true, scale_a, scale_b, 0, o.b.major == MatrixMajor::mn>(
            regs, 0ull, ar, db, on.accumulate);
      } else {
        const unsigned long long da =
            descriptor<o.a, cuda::std::remove_cvref_t<decltype(a)>::align>(a.data());
        emit<f.combo, f.n, false, scale_a, scale_b, o.a.major == MatrixMajor::mn,
             o.b.major == MatrixMajor::mn>(regs, da, nullptr, db, on.accumulate);
      }
    }
  }
#endif
};

} // namespace tirx::ptxwgmma
