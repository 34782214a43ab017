// Must not compile: the two halves of a .16x32bx2 region on the same cells.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.ld/st: .16x32bx2 needs its second half one translation after the first, on TLane or TCol, within the warp's 32 lanes (Got0 lanes, Got1 columns below)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_ld_split {
using namespace tc05;
#if defined(TIRX_FIXED)
using Split = TmemTensor<float, ShapeT<2, 16, 8>,
                         layout_type<S({2, 16, 8}, {8 * TCol, 1 * TLane, 1 * TCol})>>;
#else
using Split = TmemTensor<float, ShapeT<2, 16, 8>,
                         layout_type<S({2, 16, 8}, {0 * TCol, 1 * TLane, 1 * TCol})>>;
#endif
__global__ void kernel(unsigned base, float* out) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  const auto rows = tmem_warp_rows(decl_tmem<TmemTensor<float, ShapeT<128, 64>>>(base));
  auto frag = alloc_tmem_fragment<float, TmemShape::s16x32bx2, 8>();
  tile::apply<ptx<"tcgen05.ld.sync.aligned.16x32bx2.x8.b32">>(frag, decl_tmem<Split>(base),
                                                              scope::warp);
  tcgen05_wait_ld(frag);
  out[threadIdx.x] = static_cast<float>(frag.data()[0]);
#endif
  (void)base, (void)out;
}

} // namespace tcgen05_ld_split
