// Must not compile: a row-major source (not a canonical K-major layout).
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.cp: the source is not a canonical K-major matrix layout (Got0 the SmemMatrix::Error, Got1 1 if MN-major); build it with wgmma_smem_layout}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_cp_smem_layout {
using namespace tc05;
using Dst = TmemTensor<unsigned, ShapeT<128, 8>>;
#if defined(TIRX_FIXED)
using Src = Smem<unsigned, 128, 8, MatrixMajor::k, SwizzleMode::none>;
#else
using Src = Tensor<unsigned, ShapeT<128, 8>, MemScope::shared_dyn, 1024>;
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

} // namespace tcgen05_cp_smem_layout
