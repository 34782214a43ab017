// Must not compile: f takes float, the tensor holds halves (ewise converts nothing).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: f's parameter types must be the source element types, one per source (nothing is converted); take e.g. half for a half tensor and convert inside f}}
#include <tirx/tile.hpp>

namespace apply_ewise_param_type {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<half, shape(2, 32, 4), reg>();
  tile::ewise([] { return __float2half(1.0f); }, values, scope::cta);
#ifdef TIRX_FIXED
  tile::ewise([](half x) { return __hmul(x, __float2half(2.0f)); }, values, values, scope::cta);
#else
  tile::ewise([](float x) { return __float2half(x * 2.0f); }, values, values, scope::cta);
#endif
}

} // namespace apply_ewise_param_type
