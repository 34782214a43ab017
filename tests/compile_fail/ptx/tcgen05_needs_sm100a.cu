// Must not compile: tcgen05.mma in a compilation for sm_90a (tcgen05 needs sm_100a).
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_90a sm_90 gencode_90a sm_100a
// tirx-builds: gencode_100a
// expected-error {{tirx::tile::apply: "tcgen05.mma.cta_group::1.kind::f16" needs sm_100a, and this device pass lacks its features (it targets another architecture, or it is the compute_100 PTX pass that -arch=sm_100a also builds); compile with -gencode=arch=compute_100a,code=sm_100a, or keep the call under #if TIRX_HAS_SM100A (nvcc's __CUDA_ARCH_FEAT_SM100_ALL; __CUDA_ARCH__ is 1000 in both passes)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_needs_sm100a {
using namespace tc05;
using D = Acc<float, 128, 64>;
using A = Smem<half, 128, 16>;
using B = Smem<half, 64, 16>;
__global__ void kernel(unsigned base, bool acc) {
#if !defined(TIRX_FIXED) || !defined(__CUDA_ARCH__) || TIRX_HAS_SM100A
  if (threadIdx.x == 0) {
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::f16">>(decl_tmem<D>(base), smem_at<A>(),
                                                           smem_at<B>(16384), scope::thread);
  }
#endif
  (void)base, (void)acc;
}

} // namespace tcgen05_needs_sm100a
