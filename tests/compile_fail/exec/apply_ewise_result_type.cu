// Must not compile: f returns double (x * 2.0) for a float destination.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: f's result type must be the destination's element type (nothing is converted); convert inside f, e.g. return __float2half(y) for a half destination}}
#include <tirx/tile.hpp>

namespace apply_ewise_result_type {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  tile::ewise([](float x) { return x * 2.0f; }, values, values, scope::cta);
#else
  tile::ewise([](float x) { return x * 2.0; }, values, values, scope::cta);
#endif
}

} // namespace apply_ewise_result_type
