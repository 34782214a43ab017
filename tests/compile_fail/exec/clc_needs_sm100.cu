// Must not compile for sm_90a: cluster launch control needs sm_100.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps the call out of
// older targets.
// expected-error {{tirx::clc: clusterlaunchcontrol needs sm_100 or newer; compile the call only for sm_100 (#if __CUDA_ARCH__ >= 1000)}}
#include <tirx/tile.hpp>

namespace clc_needs_sm100 {
using namespace tirx;

__global__ void kernel(unsigned* out) {
  __shared__ clc::CancelResponse response;
  __shared__ cuda::std::uint64_t word;
  const MBarrier bar(&word);
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  clc::try_cancel(response, bar);
#endif
#else
  clc::try_cancel(response, bar);
#endif
  out[0] = static_cast<unsigned>(response.word.x);
}

} // namespace clc_needs_sm100
