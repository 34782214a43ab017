// Must not compile: the cluster barrier in code compiled for sm_80 (no clusters).
// With -DTIRX_FIXED it compiles: a CTA barrier there.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::cluster_arrive needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace cluster_arrive_sm80 {

__global__ void kernel(int* out) {
  out[threadIdx.x] = 1;
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  tirx::cluster_arrive();
  tirx::cluster_wait();
#else
  tirx::cta_sync();
#endif
#else
  tirx::cluster_arrive();
  tirx::cluster_wait();
#endif
}

} // namespace cluster_arrive_sm80
