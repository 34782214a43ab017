// Must not compile: tcgen05_commit with CtaGroup 4.
// With -DTIRX_FIXED it compiles: the fix (compile_fail.nvcc.fixed for sm_90a, where the call
// compiles out; compile_fail_tcgen05_fixed builds every tcgen05 fix for sm_100a).
// tirx-fail: nvcc sm_100a
// expected-error {{tirx::tcgen05: CtaGroup must be 1 (cta_group::1, one CTA) or 2 (cta_group::2, the pair of CTAs of one MMA)}}
#include "support/tcgen05_tiles.hpp"

namespace tcgen05_cta_group {
using namespace tc05;

__global__ void kernel(unsigned* out) {
  __shared__ cuda::std::uint32_t slot;
// CUDA 13's -arch=sm_100a also compiles for compute_100, which has no tcgen05: the body is
// compiled for sm_100a (and the host) only
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  __shared__ cuda::std::uint64_t word;
  if (threadIdx.x == 0)
#if defined(TIRX_FIXED)
    tcgen05_commit<2>(MBarrier(&word));
#else
    tcgen05_commit<4>(MBarrier(&word));
#endif
#endif
  out[threadIdx.x] = slot;
}

} // namespace tcgen05_cta_group
