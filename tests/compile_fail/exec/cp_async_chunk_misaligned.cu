// Must not compile: the shared tile's warp stride (258 floats, 1032 bytes) puts the 16-byte chunks
// of warp 1 off their alignment. With -DTIRX_FIXED it compiles: the fix (test
// compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: cp.async needs each chunk's address aligned to its bytes (ChunkBytes below), but a layout stride or offset of the operand is not a multiple of the chunk; pad the layout or copy smaller chunks}}
#include <tirx/tile.hpp>

namespace cp_async_chunk_misaligned {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;
#ifdef TIRX_FIXED
constexpr TileLayout padded = layout_of<"S[(2, 32, 4) : (260, 8, 1)]">;
#else
constexpr TileLayout padded = layout_of<"S[(2, 32, 4) : (258, 8, 1)]">;
#endif

__global__ void kernel(Tile A) {
  auto smem = alloc_shared<float, shape(2, 32, 4), padded>();
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta);
}

} // namespace cp_async_chunk_misaligned
