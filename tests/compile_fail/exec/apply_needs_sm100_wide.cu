// Must not compile for sm_90a: a 32-byte load (.v8.b32) needs sm_100.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps
// the sm_100 spelling out of older targets and uses two 16-byte loads there.
// expected-error {{tirx::tile::apply: "ld.global.v8.b32" needs sm_100 or newer, and this device compilation targets an older architecture; compile it for sm_100 (e.g. -gencode=arch=compute_NN,code=sm_NN), or keep the call out of older targets with #if __CUDA_ARCH__}}
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
