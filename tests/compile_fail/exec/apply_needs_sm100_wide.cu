// Must not compile for sm_90a: a 32-byte load (.v8.b32) needs sm_100.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps
// the sm_100 spelling out of older targets and uses two 16-byte loads there.
// tirx-fail: nvcc sm_90a sm_90 gencode_90a
// tirx-builds: sm_100
// expected-error {{tirx::tile::apply: "ld.global.v8.b32" needs sm_100 or newer, and this device pass targets an older one; compile for sm_100 or newer (-arch=sm_100), or keep the call under #if __CUDA_ARCH__ >= 1000 in code built for several targets}}
#include <tirx/tile.hpp>

namespace apply_needs_sm100_wide {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 8) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 8>, 32>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 8), reg>();
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  tile::apply<ptx<"ld.global.v8.b32">>(registers, A, scope::cta);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers.view<2, 32, 2, 4>(), A.view<2, 32, 2, 4>(),
                                       scope::cta);
#endif
#else
  tile::apply<ptx<"ld.global.v8.b32">>(registers, A, scope::cta);
#endif
}

} // namespace apply_needs_sm100_wide
