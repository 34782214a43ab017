// Must not compile: an arrive on another CTA's barrier in code compiled for sm_80 (no clusters).
// With -DTIRX_FIXED it compiles: the call only for sm_90 and newer.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::MBarrier::remote_arrive needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace mbarrier_remote_arrive_sm80 {

__global__ void kernel() {
  __shared__ cuda::std::uint64_t word;
  const tirx::MBarrier bar(&word);
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  bar.remote_arrive(1);
#endif
#else
  bar.remote_arrive(1);
#endif
}

} // namespace mbarrier_remote_arrive_sm80
