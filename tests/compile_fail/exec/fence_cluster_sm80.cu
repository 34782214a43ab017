// Must not compile: an acq_rel fence at cluster scope in code compiled for sm_80.
// With -DTIRX_FIXED it compiles: the gpu scope there.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::fence_acq_rel<FenceScope::cluster> needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace fence_cluster_sm80 {

__global__ void kernel(int* out) {
  out[0] = 1;
#ifdef TIRX_FIXED
  tirx::fence_acq_rel<tirx::FenceScope::gpu>();
#else
  tirx::fence_acq_rel<tirx::FenceScope::cluster>();
#endif
  out[1] = 2;
}

} // namespace fence_cluster_sm80
