// Must not compile: rows of 4 floats padded to 6: every other row starts 24 bytes in, not at a
// multiple of the 16-byte vector. With -DTIRX_FIXED it compiles: the fix (test
// compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: every memory atom must start at a multiple of the vector's bytes, but a layout stride or offset breaks that; use a narrower vector or pad the layout}}
#include <tirx/tile.hpp>

namespace apply_atom_misaligned {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
#ifdef TIRX_FIXED
constexpr TileLayout padded = layout_of<"S[(2, 32, 3, 4) : (768, 24, 8, 1)]">; // rows padded to 8
#else
constexpr TileLayout padded = layout_of<"S[(2, 32, 3, 4) : (576, 18, 6, 1)]">;
#endif
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16, layout_type<padded>>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
}

} // namespace apply_atom_misaligned
