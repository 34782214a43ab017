// Must not compile: a transaction-count arrive in code compiled for sm_80.
// With -DTIRX_FIXED it compiles: the call only for sm_90 and newer.
// tirx-fail: sm_80
// expected-error {{tirx::MBarrier::arrive_expect_tx: needs sm_90 or newer; compile the call only for sm_90 and newer (#if __CUDA_ARCH__ >= 900)}}
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
