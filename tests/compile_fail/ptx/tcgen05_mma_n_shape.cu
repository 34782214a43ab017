// Must not compile: N = 24 with M = 128 (cta_group::1 M = 128 takes N in steps of 16).
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.mma: N (Want1 below, for M = Want0) is not a shape of the kind: cta_group::1 M = 64 takes N in 8..256 in steps of 8, M = 128 steps of 16 (kind::i8 also N = 8, 24); cta_group::2 N in 32..256 in steps of 32}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_mma_n_shape {
using namespace tc05;
using A = Smem<half, 128, 16>;
#if defined(TIRX_FIXED)
using D = Acc<float, 128, 32>;
using B = Smem<half, 32, 16>;
#else
using D = Acc<float, 128, 24>;
using B = Smem<half, 24, 16>;
#endif
__global__ void kernel(unsigned base, bool acc) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::f16">>(decl_tmem<D>(base), smem_at<A>(),
                                                           smem_at<B>(16384), scope::thread);
  }
#endif
  (void)base, (void)acc;
}

} // namespace tcgen05_mma_n_shape
