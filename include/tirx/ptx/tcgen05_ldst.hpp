// The tcgen05.ld and tcgen05.st families (sm_100a): a warp moves a region
// of tensor memory to its registers, or back, asynchronously.
//   auto frag = alloc_tmem_fragment<float, TmemShape::s32x32b, 32>();
//   tile::apply<ptx<"tcgen05.ld.sync.aligned.32x32b.x32.b32">>(frag, tmem_region, scope::warp);
//   tcgen05_wait_ld(frag);                           // exec/tcgen05.hpp: before frag is read
//   tile::apply<ptx<"tcgen05.st.sync.aligned.32x32b.x32.b32">>(tmem_region, frag, scope::warp);
//   tcgen05_wait_st();                               // before the region is read again
// The region is tmem_fragment_shape(shape, x) of 32-bit elements (a
// tmem_sub of an accumulator, within the calling warp's lane quarter:
// tmem_warp_rows); the fragment has tmem_fragment_layout(shape, x), which
// print_layout shows lane by lane. Every form (ptx/rows/tcgen05_ld.def,
// tcgen05_st.def: .32x32b, .16x64b, .16x128b, .16x256b, .16x32bx2, .x1 to
// .x128) goes through CCCL's cuda::ptx::tcgen05_ld_* / tcgen05_st_*. In
// debug builds, a region outside the calling warp's lane quarter traps.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/tcgen05_ldst_check.hpp>
#include <tirx/tensor/alloc.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

namespace ptxtcgen05 {

/// The description shared by tcgen05.ld (Load) and tcgen05.st.
template <bool Load> struct ldst_family {
  static constexpr const char* name = Load ? "tcgen05.ld" : "tcgen05.st";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "tcgen05") && t.is(1, Load ? "ld" : "st");
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const LdStForm f = parse_ldst(t);
    const Operand regs{Role::reg, Space::none, 32, 'r'}, tmem{Role::mem, Space::none, 32, 'r'};
    d.dst = Load ? regs : tmem;
    d.src = Load ? tmem : regs;
    d.min_srcs = d.max_srcs = 1;
    d.lanes = 32;
    d.whole = true;
    d.loads = Load;
    d.guards = false;
    d.parsed = f.ok;
    return d;
  }

#if defined(__CUDACC__)
  /// The registers of one form, from or into the fragment's storage.
  template <TmemShape Sh, int X, int Imm>
  __device__ TIRX_FORCEINLINE static void emit(cuda::std::uint32_t taddr, cuda::std::uint32_t* r) {
    constexpr int n = regs_per_x(Sh) * X;
    auto& regs = *reinterpret_cast<cuda::std::uint32_t(*)[n]>(r);
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
    if constexpr (Load) {
      if constexpr (Sh == TmemShape::s32x32b)
        cuda::ptx::tcgen05_ld_32x32b(regs, taddr);
      else if constexpr (Sh == TmemShape::s16x64b)
        cuda::ptx::tcgen05_ld_16x64b(regs, taddr);
      else if constexpr (Sh == TmemShape::s16x128b)
        cuda::ptx::tcgen05_ld_16x128b(regs, taddr);
      else if constexpr (Sh == TmemShape::s16x256b)
        cuda::ptx::tcgen05_ld_16x256b(regs, taddr);
      else
        cuda::ptx::tcgen05_ld_16x32bx2(regs, taddr, cuda::ptx::n32_t<Imm>{});
    } else {
      if constexpr (Sh == TmemShape::s32x32b)
        cuda::ptx::tcgen05_st_32x32b(taddr, regs);
      else if constexpr (Sh == TmemShape::s16x64b)
        cuda::ptx::tcgen05_st_16x64b(taddr, regs);
      else if constexpr (Sh == TmemShape::s16x128b)
        cuda::ptx::tcgen05_st_16x128b(taddr, regs);
      else if constexpr (Sh == TmemShape::s16x256b)
        cuda::ptx::tcgen05_st_16x256b(taddr, regs);
      else
        cuda::ptx::tcgen05_st_16x32bx2(taddr, cuda::ptx::n32_t<Imm>{}, regs);
    }
#else
    (void)taddr, (void)regs;
#endif
  }

  /// One tcgen05.ld (dst the fragment, src the region) or st (dst the
  /// region, src the fragment) on whole operands (apply's whole path).
  template <fixed_string S, unsigned Flags, class Dst, class Src>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue&, Dst& dst, Src& src) {
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr LdStForm f = parse_ldst(t);
    auto& frag = [&]() -> auto& {
      if constexpr (Load)
        return dst;
      else
        return src;
    }
    ();
    auto& tmem = [&]() -> auto& {
      if constexpr (Load)
        return src;
      else
        return dst;
    }
    ();
    using Frag = cuda::std::remove_cvref_t<decltype(frag)>;
    using Tmem = cuda::std::remove_cvref_t<decltype(tmem)>;
    constexpr LdStOperands<f.shape, f.x, Frag, Tmem> o{};
    if constexpr (o.error != LdStError::none) {
      report_ldst<o.error, o.got0, o.got1>();
    } else {
      const cuda::std::uint32_t taddr = tmem_address(tmem);
      TIRX_CHECK(
          (taddr >> 21) == warp_index() % 4,
          "tirx::tile::apply: tcgen05.ld/st: warp w reaches only lanes 32 (w % 4) .. + 31 of "
          "tensor memory; take the warp's rows with tmem_warp_rows");
      using E = typename Frag::value_type; // a st may take a const fragment: CCCL reads it only
      emit<f.shape, f.x, o.imm>(
          taddr, reinterpret_cast<cuda::std::uint32_t*>(const_cast<E*>(frag.data())));
    }
  }
#endif
};

} // namespace ptxtcgen05

namespace ptxtcgen05 {
struct ld_family : ldst_family<true> {
  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/tcgen05_ld.def>
#include <tirx/ptx/rows/forms_end.inc>
  };
  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/tcgen05_ld.def>
#include <tirx/ptx/rows/report_end.inc>
  }
};
struct st_family : ldst_family<false> {
  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/tcgen05_st.def>
#include <tirx/ptx/rows/forms_end.inc>
  };
  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/tcgen05_st.def>
#include <tirx/ptx/rows/report_end.inc>
  }
};
} // namespace ptxtcgen05

} // namespace tirx
