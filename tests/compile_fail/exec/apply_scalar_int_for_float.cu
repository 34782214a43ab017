// Must not compile: the int scalar 1 as the source of add.f32. It has the
// width of .f32, but its bits would be read as the float 1.4e-45.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a signed integer scalar for a floating-point type (.f32, .f16, .bf16) is not converted, its bits would be read as the float (1 as 1.4e-45); write a floating-point literal, e.g. 1.0f, not 1, for .f32 (or an unsigned carrier for raw bits, 0x3f800000u)}}
#include <tirx/tile.hpp>

namespace apply_scalar_int_for_float {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.f32">>(values, values, 1.0f, scope::cta);
  tile::apply<ptx<"add.f32">>(values, values, 0x3f800000u,
                              scope::cta); // raw bits: an unsigned carrier
#else
  tile::apply<ptx<"add.f32">>(values, values, 1, scope::cta);
#endif
}

} // namespace apply_scalar_int_for_float
