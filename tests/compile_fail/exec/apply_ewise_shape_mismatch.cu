// Must not compile: a 2 x 4 per-thread source for a 4-per-thread destination.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: group and repeat shapes must agree across operands (extent-1 modes aside); view<...>() the sources to the destination's shape}}
#include <tirx/tile.hpp>

namespace apply_ewise_shape_mismatch {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
#ifdef TIRX_FIXED
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;
#else
using Tile = GlobalTensor<float, ShapeT<2, 32, 2, 4>, 16>;
#endif

__global__ void kernel(Tile A) {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([](float x) { return x + 1.0f; }, values, A, scope::cta);
}

} // namespace apply_ewise_shape_mismatch
