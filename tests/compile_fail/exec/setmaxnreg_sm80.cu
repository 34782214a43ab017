// Must not compile: setmaxnreg in code compiled for sm_80 (it needs sm_90a).
// With -DTIRX_FIXED it compiles: the call only for sm_90 and newer.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::setmaxnreg_dec needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace setmaxnreg_sm80 {

__global__ void __launch_bounds__(384, 1) kernel(int* out) {
  if (threadIdx.x < 128) {
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
    tirx::setmaxnreg_dec<40>();
#endif
#else
    tirx::setmaxnreg_dec<40>();
#endif
  }
  out[threadIdx.x] = 1;
}

} // namespace setmaxnreg_sm80
