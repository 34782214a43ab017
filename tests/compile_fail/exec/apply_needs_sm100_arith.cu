// Must not compile for sm_90a: packed f32x2 arithmetic needs sm_100.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps
// the sm_100 spelling out of older targets and adds the floats one by one there.
// tirx-fail: nvcc sm_90a sm_90 gencode_90a
// tirx-builds: sm_100
// expected-error {{tirx::tile::apply: "add.rn.f32x2" needs sm_100 or newer, and this device pass targets an older one; compile for sm_100 or newer (-arch=sm_100), or keep the call under #if __CUDA_ARCH__ >= 1000 in code built for several targets}}
#include <tirx/tile.hpp>

namespace apply_needs_sm100_arith {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel(float* out) {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
  auto pairs = values.view<uint64>(); // (2, 32, 2): two floats per 64-bit carrier
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  tile::apply<ptx<"add.rn.f32x2">>(pairs, pairs, pairs, scope::cta);
#else
  tile::apply<ptx<"add.rn.f32">>(values, values, values, scope::cta);
#endif
#else
  tile::apply<ptx<"add.rn.f32x2">>(pairs, pairs, pairs, scope::cta);
#endif
  out[threadIdx.x] = values.data()[0];
}

} // namespace apply_needs_sm100_arith
