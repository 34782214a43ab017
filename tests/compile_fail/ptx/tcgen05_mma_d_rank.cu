// Must not compile: the accumulator has one mode, not (M, N).
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.mma: the accumulator must have two modes (M / cta_group, N) (Want0, Got0 below)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_mma_d_rank {
using namespace tc05;
using A = Smem<half, 128, 16>;
using B = Smem<half, 64, 16>;
#if defined(TIRX_FIXED)
using D = Acc<float, 128, 64>;
#else
using D = TmemTensor<float, ShapeT<128>, layout_type<S({128}, {1 * TLane})>>;
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

} // namespace tcgen05_mma_d_rank
