// Must not compile: at cta scope a (64, 4) tile: the 64 threads must be split into (2 warps, 32
// lanes). With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: at cta scope the group modes are (warps, 32 lanes) and a CTA has at most 32 warps, so a first mode above 32 counts threads; split it, e.g. view<2, 32, ...>() for 64 threads}}
#include <tirx/tile.hpp>

namespace apply_cta_flat_threads {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<64, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(64, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers.view<2, 32, 4>(), A.view<2, 32, 4>(), scope::cta);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
#endif
}

} // namespace apply_cta_flat_threads
