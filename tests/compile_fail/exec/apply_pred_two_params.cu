// Must not compile: a tile::pred callable of two parameters; it is asked with
// one, the flat repeat index (before this rule the lambda converted to a
// function pointer and read as an always-true bool).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::pred takes a bool condition or a callable of exactly one parameter, the flat repeat index, returning bool and callable as const, e.g. tile::pred([=](index_t r) { return base + 4 * r < n; }); for several repeat modes split r inside it (r / 4, r % 4)}}
#include <tirx/tile.hpp>

namespace apply_pred_two_params {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
#ifdef TIRX_FIXED
  auto first_two = [](index_t repeat) { return repeat < 2; };
#else
  auto first_two = [](index_t repeat, index_t) { return repeat < 2; };
#endif
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(first_two));
}

} // namespace apply_pred_two_params
