// Must not compile: a register layout with a stride-0 iter: the 3 rows of a thread share 4 slots.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: load destinations overlap: two elements of the destination share a register slot (e.g. a stride-0 iter); give it a layout with distinct slots}}
#include <tirx/tile.hpp>

namespace apply_load_overlap {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
#else
constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 0, 1)]">;
#endif
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
}

} // namespace apply_load_overlap
