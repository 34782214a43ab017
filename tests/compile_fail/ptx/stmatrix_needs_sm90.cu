// Must not compile for sm_80: stmatrix needs sm_90.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: "stmatrix.sync.aligned.m8n8.x1.shared.b16" needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/tile.hpp>

namespace stmatrix_needs_sm90 {
using namespace tirx;

using Tile = Tensor<half, ShapeT<8, 8>, MemScope::shared, 16>;

__global__ void kernel(half* out) {
  __shared__ __align__(16) half smem[64];
  Tile tile{smem};
  auto frag = alloc_local<half, shape(8, 8), ldmatrix_fragment_layout(1, false)>();
  for (int i = 0; i < 2; ++i)
    frag.data()[i] = out[i];
#if !defined(TIRX_FIXED) || __CUDA_ARCH__ >= 900
  tile::apply<ptx<"stmatrix.sync.aligned.m8n8.x1.shared.b16">>(tile, frag, scope::warp);
#endif
  out[threadIdx.x] = smem[threadIdx.x];
}

} // namespace stmatrix_needs_sm90
