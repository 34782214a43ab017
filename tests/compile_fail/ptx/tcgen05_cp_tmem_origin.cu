// Must not compile: a copy to column 2 (tcgen05.cp starts on a 128-bit column).
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.cp: the destination must start on a 128-bit column (a multiple of 4) and stay within the 128 lanes (Got0 lane, Got1 column below)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_cp_tmem_origin {
using namespace tc05;
using Src = Smem<unsigned, 128, 8, MatrixMajor::k, SwizzleMode::none>;
using Wide = TmemTensor<unsigned, ShapeT<128, 16>>;
__global__ void kernel(unsigned base) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
#if defined(TIRX_FIXED)
    tile::apply<ptx<"tcgen05.cp.cta_group::1.128x256b">>(
        tmem_sub(decl_tmem<Wide>(base), _, range<4, 12>), smem_at<Src>(), scope::thread);
#else
    tile::apply<ptx<"tcgen05.cp.cta_group::1.128x256b">>(
        tmem_sub(decl_tmem<Wide>(base), _, range<2, 10>), smem_at<Src>(), scope::thread);
#endif
  }
#endif
  (void)base;
}

} // namespace tcgen05_cp_tmem_origin
