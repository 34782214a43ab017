// Must not compile: tmem_alloc in a compilation for sm_90a.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_90a sm_90 gencode_90a sm_100a
// tirx-builds: gencode_100a
// expected-error {{tirx::tmem_alloc needs sm_100a, and this device pass lacks its features (it targets another architecture, or it is the compute_100 PTX pass that -arch=sm_100a also builds); compile with -gencode=arch=compute_100a,code=sm_100a, or keep the call under #if TIRX_HAS_SM100A (nvcc's __CUDA_ARCH_FEAT_SM100_ALL; __CUDA_ARCH__ is 1000 in both passes)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_needs_sm100a_alloc {
using namespace tc05;

__global__ void kernel(unsigned* out) {
  __shared__ cuda::std::uint32_t slot;
#if !defined(TIRX_FIXED) || !defined(__CUDA_ARCH__) || TIRX_HAS_SM100A
  if (threadIdx.x < 32)
    tmem_alloc<128>(&slot);
#endif
  out[threadIdx.x] = slot;
}

} // namespace tcgen05_needs_sm100a_alloc
