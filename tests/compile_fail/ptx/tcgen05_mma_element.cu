// Must not compile: kind::tf32 with half operands (the operands' dtype and the kind disagree).
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.mma: operand Operand's element type is not one of the kind's (Got0 bits below): kind::f16 half or bfloat16, tf32 float, f8f6f4 e4m3 or e5m2, i8 int8 or uint8}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_mma_element {
using namespace tc05;
using D = Acc<float, 128, 64>;
#if defined(TIRX_FIXED)
using A = Smem<float, 128, 8>;
using B = Smem<float, 64, 8>;
#else
using A = Smem<half, 128, 16>;
using B = Smem<half, 64, 16>;
#endif
__global__ void kernel(unsigned base, bool acc) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
    tile::apply<ptx<"tcgen05.mma.cta_group::1.kind::tf32">>(decl_tmem<D>(base), smem_at<A>(),
                                                            smem_at<B>(16384), scope::thread);
  }
#endif
  (void)base, (void)acc;
}

} // namespace tcgen05_mma_element
