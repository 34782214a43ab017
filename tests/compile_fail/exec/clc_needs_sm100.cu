// Must not compile for sm_90a: cluster launch control needs sm_100.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps the call out of
// older targets.
// expected-error {{tirx::clc: clusterlaunchcontrol needs sm_100 or newer, and this device pass targets an older one; compile for sm_100 or newer (-arch=sm_100), or keep the call under #if __CUDA_ARCH__ >= 1000 in code built for several targets}}
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
