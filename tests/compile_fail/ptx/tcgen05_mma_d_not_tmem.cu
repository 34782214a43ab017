// Must not compile: the accumulator of tcgen05.mma is a shared tile, not tensor memory.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.mma: the accumulator (operand 0) must be a TMEM tensor; declare it with decl_tmem<TmemTensor<float, ShapeT<M, N>>>(address)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_mma_d_not_tmem {
using namespace tc05;
using A = Smem<half, 128, 16>;
using B = Smem<half, 64, 16>;
#if defined(TIRX_FIXED)
using D = Acc<float, 128, 64>;
#else
using D = Smem<float, 128, 64, MatrixMajor::k, SwizzleMode::none>;
#endif
__global__ void kernel(unsigned base, bool acc) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
#if defined(TIRX_FIXED)
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::f16">>(decl_tmem<D>(base), smem_at<A>(),
                                                           smem_at<B>(16384), scope::thread);
#else
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::f16">>(smem_at<D>(32768), smem_at<A>(),
                                                           smem_at<B>(16384), scope::thread);
#endif
  }
#endif
  (void)base, (void)acc;
}

} // namespace tcgen05_mma_d_not_tmem
