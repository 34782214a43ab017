// Must not compile: tile::negate_a on kind::i8, which has no negate bits.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.mma: kind::i8 has no negate bits; drop negate_a / negate_b}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_mma_negate_i8 {
using namespace tc05;
using D = Acc<int, 128, 64>;
using A = Smem<signed char, 128, 32>;
using B = Smem<signed char, 64, 32>;
__global__ void kernel(unsigned base, bool acc) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
#if defined(TIRX_FIXED)
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::i8">>(decl_tmem<D>(base), smem_at<A>(),
                                                          smem_at<B>(16384), scope::thread);
#else
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::i8">>(
        decl_tmem<D>(base), smem_at<A>(), smem_at<B>(16384), scope::thread, tile::negate_a);
#endif
  }
#endif
  (void)base, (void)acc;
}

} // namespace tcgen05_mma_negate_i8
