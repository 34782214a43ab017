// Must not compile: lop3's LUT is an immediate, and a register (a scalar variable) is passed.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: this source of the instruction is an immediate written into its text (lop3's LUT), not a register: pass tile::imm<V>, e.g. tile::imm<0x96> for a ^ b ^ c}}
#include <tirx/tile.hpp>

namespace apply_imm_required {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(unsigned lut) {
  auto a = alloc_local<uint32, shape(32, 4), reg>();
  tile::ewise([] { return 1u; }, a, scope::warp);
#ifdef TIRX_FIXED
  (void)lut;
  tile::apply<ptx<"lop3.b32">>(a, a, a, a, tile::imm<0x96>, scope::warp);
#else
  tile::apply<ptx<"lop3.b32">>(a, a, a, a, lut, scope::warp);
#endif
}

} // namespace apply_imm_required
