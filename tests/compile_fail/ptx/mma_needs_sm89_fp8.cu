// Must not compile for sm_80: mma.sync with e4m3 operands needs sm_89.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32" needs sm_89 or newer, and this device pass targets an older one; compile for sm_89 or newer (-arch=sm_89), or keep the call under #if __CUDA_ARCH__ >= 890 in code built for several targets}}
#include <tirx/tile.hpp>

namespace mma_needs_sm89_fp8 {
using namespace tirx;

__global__ void kernel(float* out) {
  auto a = alloc_local<__nv_fp8_e4m3, shape(16, 32), mma_a_fragment_layout(1, 32)>();
  auto b = alloc_local<__nv_fp8_e4m3, shape(8, 32), mma_b_fragment_layout(1, 32)>();
  auto c = alloc_local<float, shape(16, 8), mma_c_fragment_layout()>();
  for (int i = 0; i < 4; ++i)
    c.data()[i] = out[i];
#if !defined(TIRX_FIXED) || __CUDA_ARCH__ >= 890
  tile::apply<ptx<"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32">>(c, a, b, c, scope::warp);
#endif
  out[threadIdx.x] = c.data()[0];
}

} // namespace mma_needs_sm89_fp8
