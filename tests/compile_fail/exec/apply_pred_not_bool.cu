// Must not compile: tile::pred of a struct, which is neither a bool condition
// nor a callable of the repeat index.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::pred takes a bool condition or a callable of exactly one parameter, the flat repeat index, returning bool and callable as const, e.g. tile::pred([=](index_t r) { return base + 4 * r < n; }); for several repeat modes split r inside it (r / 4, r % 4)}}
#include <tirx/tile.hpp>

namespace apply_pred_not_bool {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

struct Limit {
  int n;
};

__global__ void kernel(Tile A, int n) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(n > 0));
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(Limit{n}));
#endif
}

} // namespace apply_pred_not_bool
