// Must not compile: ld.global.v4.b32 writes 32-bit registers, the destination holds 16-bit halves.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: dtype width must match the instruction: each operand's element width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves}}
#include <tirx/tile.hpp>

namespace apply_width_load {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
#ifdef TIRX_FIXED
using T = float;
#else
using T = half;
#endif
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<T, shape(2, 32, 3, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
}

} // namespace apply_width_load
