// Must not compile: .32x32b.x8 moves 32 x 8 columns, the region is 32 x 16 (ld/st shape vs
// fragment). With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the
// call compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.ld/st: the TMEM region must be the spelling's (.32x32b.xN: 32 x N, .16x64b: 16 x 2N, .16x128b: 16 x 4N, .16x256b: 16 x 8N, .16x32bx2: 2 x 16 x N; Got0 x Got1 below); take it with tmem_sub}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_ld_tmem_shape {
using namespace tc05;

__global__ void kernel(unsigned base, float* out) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  const auto rows = tmem_warp_rows(decl_tmem<TmemTensor<float, ShapeT<128, 64>>>(base));
  auto frag = alloc_tmem_fragment<float, TmemShape::s32x32b, 8>();
#if defined(TIRX_FIXED)
  tile::apply<ptx<"tcgen05.ld.sync.aligned.32x32b.x8.b32">>(frag, tmem_sub(rows, _, range<0, 8>),
                                                            scope::warp);
#else
  tile::apply<ptx<"tcgen05.ld.sync.aligned.32x32b.x8.b32">>(frag, tmem_sub(rows, _, range<0, 16>),
                                                            scope::warp);
#endif
  tcgen05_wait_ld(frag);
  out[threadIdx.x] = static_cast<float>(frag.data()[0]);
#endif
  (void)base, (void)out;
}

} // namespace tcgen05_ld_tmem_shape
