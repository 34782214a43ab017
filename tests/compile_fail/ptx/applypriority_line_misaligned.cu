// Must not compile: rows of 32 floats padded to 40: every other row starts
// off a 128-byte line, and applypriority acts on whole aligned lines.
// With -DTIRX_FIXED it compiles: rows padded to 64 floats (256 bytes).
// expected-error {{tirx::tile::apply: discard and applypriority act on whole lines of LineBytes bytes (below), but a layout stride or offset of the tensor puts a line off a multiple of LineBytes; pad the layout to whole lines}}
#include <tirx/tile.hpp>

namespace applypriority_line_misaligned {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout padded = layout_of<"S[(4, 32) : (64, 1)]">;
#else
constexpr TileLayout padded = layout_of<"S[(4, 32) : (40, 1)]">;
#endif
using Tile = GlobalTensor<float, ShapeT<4, 32>, 128, layout_type<padded>>;

__global__ void kernel(Tile A) {
  tile::apply<ptx<"applypriority.global.L2::evict_normal">>(A, scope::thread);
}

} // namespace applypriority_line_misaligned
