// Must not compile: mul.wide.s32 writes 64 bits, and the destination holds 32-bit elements.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: dtype width must match the instruction: each operand's element width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves}}
#include <tirx/tile.hpp>

namespace int_wide_destination {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto a = alloc_local<int32, shape(32, 4), reg>();
  tile::ewise([] { return 7; }, a, scope::warp);
#ifdef TIRX_FIXED
  auto d = alloc_local<int64, shape(32, 4), reg>();
#else
  auto d = alloc_local<int32, shape(32, 4), reg>();
#endif
  tile::apply<ptx<"mul.wide.s32">>(d, a, a, scope::warp);
}

} // namespace int_wide_destination
