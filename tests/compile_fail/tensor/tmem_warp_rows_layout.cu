// Must not compile: tmem_warp_rows of a cta_group::2 M = 128 accumulator (its rows are not in warp
// quarters). With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the
// call compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tmem_warp_rows: the tensor's first mode does not split into four warp quarters 32 lanes apart; take each warp's region with tmem_sub}}
#include "support/tcgen05_tiles.hpp"

namespace tmem_warp_rows_layout {
using namespace tc05;
#if defined(TIRX_FIXED)
using X = Acc<float, 128, 64>;
#else
using X = Acc<float, 128, 64, 2>;
#endif
__global__ void kernel(unsigned base) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
    (void)tmem_warp_rows(decl_tmem<X>(base));
  }
#endif
  (void)base;
}

} // namespace tmem_warp_rows_layout
