// Must not compile: a warpx4 multicast into a region without its four replicas.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.cp: the destination is not placed where the shape writes; declare it with tmem_cp_layout(shape) (the multicasts as replicas)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_cp_tmem_layout {
using namespace tc05;
using Src = Smem<unsigned, 32, 4, MatrixMajor::k, SwizzleMode::none>;
#if defined(TIRX_FIXED)
using Dst = TmemTensor<unsigned, ShapeT<32, 4>, layout_type<tmem_cp_layout(TmemCpShape::s32x128b)>>;
#else
using Dst = TmemTensor<unsigned, ShapeT<32, 4>>;
#endif
__global__ void kernel(unsigned base) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x == 0) {
    tile::apply<ptx<"tcgen05.cp.cta_group::1.32x128b.warpx4">>(decl_tmem<Dst>(base), smem_at<Src>(),
                                                               scope::thread);
  }
#endif
  (void)base;
}

} // namespace tcgen05_cp_tmem_layout
