// Must not compile: two tile::bound options on one load.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: give at most one tile::bound(...); the memory operand has one limit}}
#include <tirx/tile.hpp>

namespace apply_two_bounds {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A, long long n, long long m) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::bound(n < m ? n : m));
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::bound(n), tile::bound(m));
#endif
}

} // namespace apply_two_bounds
