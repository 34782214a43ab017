// Must not compile: registers of 2 warps added to registers of 4 warps.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: group and repeat shapes must agree across operands (extent-1 modes aside); view<...>() the operands to the same (group, repeat, atom) shape}}
#include <tirx/tile.hpp>

namespace apply_group_mismatch {
using namespace tirx;

constexpr TileLayout reg2 = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
#ifdef TIRX_FIXED
constexpr TileLayout reg4 = reg2;
constexpr index_t warps = 2;
#else
constexpr TileLayout reg4 = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">;
constexpr index_t warps = 4;
#endif

__global__ void kernel() {
  auto a = alloc_local<float, shape(2, 32, 4), reg2>();
  auto b = alloc_local<float, shape(warps, 32, 4), reg4>();
  tile::apply<ptx<"add.f32">>(a, a, b, scope::cta);
}

} // namespace apply_group_mismatch
