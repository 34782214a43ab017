// Must not compile: tile::src_size on a load, which has no chunk to zero-fill.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::src_size and tile::ignore_src zero-fill the chunks of an asynchronous copy (cp.async); this instruction copies no chunks: drop them (tile::pred guards it, tile::bound keeps an ld or st inside its data)}}
#include <tirx/tile.hpp>

namespace cp_async_fill_not_taken {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A, unsigned n) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(n > 0));
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::src_size(n));
#endif
}

} // namespace cp_async_fill_not_taken
