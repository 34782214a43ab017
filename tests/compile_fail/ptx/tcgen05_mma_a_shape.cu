// Must not compile: A holds K = 32 halves, but one kind::f16 MMA takes K = 16.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.mma: A must be (M / cta_group, K), K = 32 bytes of its elements (Want0 x Want1, Got0 x Got1 below); take the K slice of the stage with sub(_, range<k, k + K>)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_mma_a_shape {
using namespace tc05;
using D = Acc<float, 128, 64>;
using B = Smem<half, 64, 16>;
#if defined(TIRX_FIXED)
using A = Smem<half, 128, 16>;
#else
using A = Smem<half, 128, 32, MatrixMajor::k, SwizzleMode::b64>;
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

} // namespace tcgen05_mma_a_shape
