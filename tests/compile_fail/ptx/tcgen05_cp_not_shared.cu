// Must not compile: tcgen05.cp from a global tensor.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.cp: the source must be a shared-memory tensor}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_cp_not_shared {
using namespace tc05;
using Dst = TmemTensor<unsigned, ShapeT<128, 8>>;
using Src = Smem<unsigned, 128, 8, MatrixMajor::k, SwizzleMode::none>;
__global__ void kernel(unsigned base) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
#if defined(TIRX_FIXED)
    tile::apply<ptx<"tcgen05.cp.cta_group::1.128x256b">>(decl_tmem<Dst>(base), smem_at<Src>(),
                                                         scope::thread);
#else
    tile::apply<ptx<"tcgen05.cp.cta_group::1.128x256b">>(
        decl_tmem<Dst>(base), GlobalTensor<unsigned, ShapeT<128, 8>>{nullptr}, scope::thread);
#endif
  }
#endif
  (void)base;
}

} // namespace tcgen05_cp_not_shared
