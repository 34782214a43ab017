// Must not compile: A in tensor memory with its K on lanes (A is read row r from lane r).
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.mma: A in tensor memory must be placed as tcgen05_a_tmem_layout(M, K, cta_group) from lane 0 (Want0 x Want1 below)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_mma_a_tmem_layout {
using namespace tc05;
using D = Acc<float, 128, 64>;
using B = Smem<half, 64, 16>;
#if defined(TIRX_FIXED)
using A = TmemTensor<half, ShapeT<128, 16>>;
#else
using A = TmemTensor<half, ShapeT<128, 16>, layout_type<S({128, 16}, {1 * TCol, 1 * TLane})>>;
#endif
__global__ void kernel(unsigned base, bool acc) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::f16">>(
        decl_tmem<D>(base), decl_tmem<A>(base + 64), smem_at<B>(), scope::thread);
  }
#endif
  (void)base, (void)acc;
}

} // namespace tcgen05_mma_a_tmem_layout
