// Must not compile: a tile::pred after ewise's scope; ewise takes no options.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: nothing may follow the scope (ewise takes no tile::pred or preserve_dst); put every operand before it}}
#include <tirx/tile.hpp>

namespace apply_ewise_pred {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel(int n) {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  if (n > 0)
    tile::ewise([](float x) { return x + 1.0f; }, values, values, scope::cta);
#else
  tile::ewise([](float x) { return x + 1.0f; }, values, values, scope::cta, tile::pred(n > 0));
#endif
}

} // namespace apply_ewise_pred
