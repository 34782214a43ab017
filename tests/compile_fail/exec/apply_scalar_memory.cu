// Must not compile: a scalar as the source of a load, which reads memory.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a memory operand (the source of ld, the destination of st) must be a tensor, not a scalar}}
#include <tirx/tile.hpp>

namespace apply_scalar_memory {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"mov.b32">>(values, 0.0f, scope::cta);
#else
  tile::apply<ptx<"ld.global.b32">>(values, 0.0f, scope::cta);
#endif
}

} // namespace apply_scalar_memory
