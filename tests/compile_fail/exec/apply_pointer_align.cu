// Must not compile: the tensor type promises 4-byte alignment, too little for a 16-byte
// ld.global.v4.b32. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the memory tensor's align is smaller than the vector's bytes; declare it with a larger align (e.g. GlobalTensor<float, Shape, 16> for .v4.b32) or use a narrower vector}}
#include <tirx/tile.hpp>

namespace apply_pointer_align {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
#ifdef TIRX_FIXED
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;
#else
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 4>;
#endif

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
}

} // namespace apply_pointer_align
