// Must not compile: a (32, 8) fragment with its columns on lanes.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tile::apply: tcgen05.ld/st: the fragment's layout is not tmem_fragment_layout(shape, x) of the spelling; allocate it with alloc_tmem_fragment<T, shape, x>()}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_ld_frag_layout {
using namespace tc05;

__global__ void kernel(unsigned base, float* out) {
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  const auto rows = tmem_warp_rows(decl_tmem<TmemTensor<float, ShapeT<128, 64>>>(base));
#if defined(TIRX_FIXED)
  auto frag = alloc_tmem_fragment<float, TmemShape::s32x32b, 8>();
#else
  auto frag = alloc_local<float, shape(32, 8), S({32, 8}, {1, 1 * laneid})>();
#endif
  tile::apply<ptx<"tcgen05.ld.sync.aligned.32x32b.x8.b32">>(frag, tmem_sub(rows, _, range<0, 8>),
                                                            scope::warp);
  tcgen05_wait_ld(frag);
  out[threadIdx.x] = static_cast<float>(frag.data()[0]);
#endif
  (void)base, (void)out;
}

} // namespace tcgen05_ld_frag_layout
