// Must not compile: match.any.sync.b64 on a tensor of 32-bit values; .b64
// compares 64-bit values (.b32 the 32-bit ones).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: dtype width must match the instruction: each operand's element width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves}}
#include <tirx/tile.hpp>

namespace match_b64_element {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(unsigned* out) {
  auto lanes = alloc_local<unsigned, shape(32, 2), reg>();
  auto values = alloc_local<unsigned, shape(32, 2), reg>();
  tile::ewise([] { return 7u; }, values, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"match.any.sync.b32">>(lanes, values, 0xffffffffu, scope::warp);
#else
  tile::apply<ptx<"match.any.sync.b64">>(lanes, values, 0xffffffffu, scope::warp);
#endif
  out[threadIdx.x] = lanes.data()[0];
}

} // namespace match_b64_element
