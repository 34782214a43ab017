// Must not compile: tmem_dealloc of 600 columns.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tmem_dealloc: the column count (Cols) must be a power of two in [32, 512], the count tmem_alloc took}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_dealloc_columns {
using namespace tc05;

__global__ void kernel(unsigned* out) {
  __shared__ cuda::std::uint32_t slot;
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (threadIdx.x < 32)
#if defined(TIRX_FIXED)
    tmem_dealloc<512>(out[0]);
#else
    tmem_dealloc<600>(out[0]);
#endif
#endif
  out[threadIdx.x] = slot;
}

} // namespace tcgen05_dealloc_columns
