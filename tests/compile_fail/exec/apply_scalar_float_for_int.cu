// Must not compile: the float scalar 3.0f as the s32 source of cvt.rn.f32.s32;
// its bits would be read as the integer 1077936128.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a floating-point scalar for an integer type (.s32, .u32, .u16, ...) is not converted, its bits would be read as the integer; write an integer literal, e.g. 1, not 1.0f}}
#include <tirx/tile.hpp>

namespace apply_scalar_float_for_int {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"cvt.rn.f32.s32">>(values, 3, scope::cta);
#else
  tile::apply<ptx<"cvt.rn.f32.s32">>(values, 3.0f, scope::cta);
#endif
}

} // namespace apply_scalar_float_for_int
