// Must not compile: tmem_alloc in a compilation for sm_90a.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_90a
// expected-error {{tirx::tmem_alloc: tcgen05 needs sm_100a; compile the call for sm_100a only (-gencode=arch=compute_100a,code=sm_100a; #if defined(__CUDA_ARCH_FEAT_SM100_ALL) in code built for several targets)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_needs_sm100a_alloc {
using namespace tc05;

__global__ void kernel(unsigned* out) {
  __shared__ cuda::std::uint32_t slot;
#if !defined(TIRX_FIXED) || !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x < 32)
    tmem_alloc<128>(&slot);
#endif
  out[threadIdx.x] = slot;
}

} // namespace tcgen05_needs_sm100a_alloc
