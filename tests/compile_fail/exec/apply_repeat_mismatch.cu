// Must not compile: 3 x 4 floats per thread loaded from a tile with 2 x 4 per thread.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: group and repeat shapes must agree across operands (extent-1 modes aside); view<...>() the operands to the same (group, repeat, atom) shape}}
#include <tirx/tile.hpp>

namespace apply_repeat_mismatch {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
#ifdef TIRX_FIXED
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;
#else
using Tile = GlobalTensor<float, ShapeT<2, 32, 2, 4>, 16>;
#endif

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
}

} // namespace apply_repeat_mismatch
