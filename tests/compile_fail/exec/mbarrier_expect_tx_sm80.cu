// Must not compile: a transaction-count arrive in code compiled for sm_80.
// With -DTIRX_FIXED it compiles: the call only for sm_90 and newer.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::MBarrier::arrive_expect_tx needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace mbarrier_expect_tx_sm80 {

__global__ void kernel(unsigned long long* out) {
  __shared__ cuda::std::uint64_t word;
  const tirx::MBarrier bar(&word);
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  out[0] = bar.arrive_expect_tx(64);
#endif
#else
  out[0] = bar.arrive_expect_tx(64);
#endif
}

} // namespace mbarrier_expect_tx_sm80
