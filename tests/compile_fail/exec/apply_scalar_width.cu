// Must not compile: a double scalar (1.0) as the source of add.f32.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a scalar source must have the width of the instruction's type (e.g. 1.0f, not 1.0, for .f32); convert it first}}
#include <tirx/tile.hpp>

namespace apply_scalar_width {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.f32">>(values, values, 1.0f, scope::cta);
#else
  tile::apply<ptx<"add.f32">>(values, values, 1.0, scope::cta);
#endif
}

} // namespace apply_scalar_width
