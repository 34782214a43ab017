// Must not compile: shl.b64 shifts by a 32-bit amount, and a 64-bit tensor is passed for it.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: dtype width must match the instruction: each operand's element width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves}}
#include <tirx/tile.hpp>

namespace bits_shift_width {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto a = alloc_local<uint64, shape(32, 4), reg>();
  tile::ewise([] { return 5ull; }, a, scope::warp);
#ifdef TIRX_FIXED
  auto n = alloc_local<uint32, shape(32, 4), reg>();
  tile::ewise([] { return 3u; }, n, scope::warp);
#else
  auto n = alloc_local<uint64, shape(32, 4), reg>();
  tile::ewise([] { return 3ull; }, n, scope::warp);
#endif
  tile::apply<ptx<"shl.b64">>(a, a, n, scope::warp);
}

} // namespace bits_shift_width
