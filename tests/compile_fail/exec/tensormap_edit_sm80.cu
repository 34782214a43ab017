// Must not compile for sm_80: tensormap.replace needs sm_90a (or sm_100a).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps the edit out of
// older targets.
// tirx-fail: sm_80
// expected-error {{tirx::tma::replace_*: tensormap.replace needs sm_90a or sm_100a, and this device pass targets an older architecture; compile with -arch=sm_90a, or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace tensormap_edit_sm80 {
using namespace tirx;

using Map = tensor_map_t<float, shape(16, 32)>;

__global__ void kernel(Map* slot, const float* next) {
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  tma::replace_global_address<tma::MapSpace::global>(*slot, next);
#endif
#else
  tma::replace_global_address<tma::MapSpace::global>(*slot, next);
#endif
}

} // namespace tensormap_edit_sm80
