// Must not compile: cvt.rn.f16.f32 writes a 16-bit result into a float destination.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: dtype width must match the instruction: each operand's element width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves}}
#include <tirx/tile.hpp>

namespace apply_width_cvt {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto in = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  auto out = alloc_local<half, shape(2, 32, 4), reg>();
#else
  auto out = alloc_local<float, shape(2, 32, 4), reg>();
#endif
  tile::ewise([] { return 1.0f; }, in, scope::cta);
  tile::apply<ptx<"cvt.rn.f16.f32">>(out, in, scope::cta);
}

} // namespace apply_width_cvt
