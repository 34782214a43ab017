// Must not compile: setmaxnreg_inc with a register count that is no multiple of 8.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::setmaxnreg_inc<N>: the register count N (in the instantiation line) must be a multiple of 8 in [24, 256] (PTX setmaxnreg); round N to one, e.g. setmaxnreg_inc<232>()}}
#include <tirx/tile.hpp>

namespace setmaxnreg_count {

__global__ void __launch_bounds__(384, 1) kernel(int* out) {
  if (threadIdx.x >= 128) {
#ifdef TIRX_FIXED
    tirx::setmaxnreg_inc<232>();
#else
    tirx::setmaxnreg_inc<230>();
#endif
  }
  out[threadIdx.x] = 1;
}

} // namespace setmaxnreg_count
