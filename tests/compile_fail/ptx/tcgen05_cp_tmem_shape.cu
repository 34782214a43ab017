// Must not compile: a 128x256b copy into a (128, 4) region.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.cp: the destination must be the shape's (rows, 32-bit words): 128x256b 128 x 8, 4x256b 4 x 8, 128x128b 128 x 4, 64x128b 64 x 4, 32x128b 32 x 4 (Got0 x Got1 below)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_cp_tmem_shape {
using namespace tc05;
using Src = Smem<unsigned, 128, 8, MatrixMajor::k, SwizzleMode::none>;
#if defined(TIRX_FIXED)
using Dst = TmemTensor<unsigned, ShapeT<128, 8>>;
#else
using Dst = TmemTensor<unsigned, ShapeT<128, 4>>;
#endif
__global__ void kernel(unsigned base) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
    tile::apply<ptx<"tcgen05.cp.cta_group::1.128x256b">>(decl_tmem<Dst>(base), smem_at<Src>(),
                                                         scope::thread);
  }
#endif
  (void)base;
}

} // namespace tcgen05_cp_tmem_shape
