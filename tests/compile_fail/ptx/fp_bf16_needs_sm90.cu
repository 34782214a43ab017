// Must not compile for sm_80: scalar bf16 addition needs sm_90 (its row in
// ptx/rows/f16.def); tirx refuses the form instead of leaving it to ptxas.
// With -DTIRX_FIXED it compiles: the call is kept out of older targets.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: "add.rn.bf16" needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace fp_bf16_needs_sm90 {
using namespace tirx;

__global__ void kernel(unsigned short* data) {
  auto x = alloc_local<unsigned short, shape(1)>();
  x.data()[0] = data[threadIdx.x];
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  tile::apply<ptx<"add.rn.bf16">>(x, x, x, scope::thread);
#endif
#else
  tile::apply<ptx<"add.rn.bf16">>(x, x, x, scope::thread);
#endif
  data[threadIdx.x] = x.data()[0];
}

} // namespace fp_bf16_needs_sm90
