// Must not compile: a generic f of two parameters for one source.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: f cannot be called with the source element types; give it one parameter per source, in order}}
#include <tirx/tile.hpp>

namespace apply_ewise_not_invocable {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  tile::ewise([](auto x, auto y) { return x * y; }, values, values, values, scope::cta);
#else
  tile::ewise([](auto x, auto y) { return x * y; }, values, values, scope::cta);
#endif
}

} // namespace apply_ewise_not_invocable
