// Must not compile: lop3's LUT is one byte, and tile::imm<256> is past it.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the immediate tile::imm<V> is out of the instruction's range (Value below, where it takes 0 to Limit - 1; lop3's LUT is one byte, 0 to 255); pass a value in range}}
#include <tirx/tile.hpp>

namespace apply_imm_range {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto a = alloc_local<uint32, shape(32, 4), reg>();
  tile::ewise([] { return 1u; }, a, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"lop3.b32">>(a, a, a, a, tile::imm<0xFF>, scope::warp);
#else
  tile::apply<ptx<"lop3.b32">>(a, a, a, a, tile::imm<0x100>, scope::warp);
#endif
}

} // namespace apply_imm_range
