// Must not compile: fma with two sources; it takes three.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: wrong number of sources for the opcode (Given sources below, where it takes Min to Max, not counting the destination); pass the operands in PTX order: dst, a, b, ...}}
#include <tirx/tile.hpp>

namespace apply_source_count {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"fma.rn.f32">>(values, values, 2.0f, 1.0f, scope::cta);
#else
  tile::apply<ptx<"fma.rn.f32">>(values, values, 2.0f, scope::cta);
#endif
}

} // namespace apply_source_count
