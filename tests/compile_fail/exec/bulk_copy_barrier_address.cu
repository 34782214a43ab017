// Must not compile: bulk::copy_g2s given the barrier's 32-bit shared address (smem_addr()).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed): the MBarrier itself.
// expected-error {{tirx::bulk::copy_g2s: the barrier is not an mbarrier; pass a tirx::MBarrier (ring.full(stage), bars[i]), a TMABarrier or the barrier word's cuda::std::uint64_t*}}
#include <tirx/tile.hpp>

namespace bulk_copy_barrier_address {
using namespace tirx;

__global__ void kernel(const float* src) {
  __shared__ alignas(16) float buf[64];
  __shared__ cuda::std::uint64_t word;
  const MBarrier bar(&word);
#if __CUDA_ARCH__ >= 900
#ifndef TIRX_FIXED
  bulk::copy_g2s(buf, src, sizeof(buf), bar.smem_addr());
#else
  bulk::copy_g2s(buf, src, sizeof(buf), bar);
#endif
#else
  (void)src, (void)buf, (void)bar;
#endif
}

} // namespace bulk_copy_barrier_address
