// Must not compile: tmem_warp_rows of a shared tile.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tmem_warp_rows: t must be a TMEM tensor (decl_tmem)}}
#include "support/tcgen05_tiles.hpp"

namespace tmem_warp_rows_not_tmem {
using namespace tc05;
#if defined(TIRX_FIXED)
using X = Acc<float, 128, 64>;
#else
using X = Smem<float, 128, 8, MatrixMajor::k, SwizzleMode::none>;
#endif
__global__ void kernel(unsigned base) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
#if defined(TIRX_FIXED)
    (void)tmem_warp_rows(decl_tmem<X>(base));
#else
    (void)tmem_warp_rows(smem_at<X>());
#endif
  }
#endif
  (void)base;
}

} // namespace tmem_warp_rows_not_tmem
