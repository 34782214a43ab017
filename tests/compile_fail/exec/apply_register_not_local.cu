// Must not compile: ld with its operands swapped: the global tensor in the destination's place.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: register operands (the destination of ld, the source of st, every operand of arithmetic, cvt and mov) must be local tensors from alloc_local; check the order: destination first}}
#include <tirx/tile.hpp>

namespace apply_register_not_local {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(A, registers, scope::cta);
#endif
}

} // namespace apply_register_not_local
