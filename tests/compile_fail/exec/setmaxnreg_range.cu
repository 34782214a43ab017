// Must not compile: setmaxnreg_dec below the 24 registers PTX allows.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::setmaxnreg_dec<N>: the register count N (in the instantiation line) must be a multiple of 8 in [24, 256] (PTX setmaxnreg); round N to one, e.g. setmaxnreg_dec<40>()}}
#include <tirx/tile.hpp>

namespace setmaxnreg_range {

__global__ void __launch_bounds__(384, 1) kernel(int* out) {
  if (threadIdx.x < 128) {
#ifdef TIRX_FIXED
    tirx::setmaxnreg_dec<24>();
#else
    tirx::setmaxnreg_dec<16>();
#endif
  }
  out[threadIdx.x] = 1;
}

} // namespace setmaxnreg_range
