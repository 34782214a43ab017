// Must not compile: tile::imm<V> where add.s32 takes a register source.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::imm<V> where the instruction takes a register source (Operand below); pass a tensor or a plain scalar there}}
#include <tirx/tile.hpp>

namespace apply_imm_not_taken {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto a = alloc_local<uint32, shape(32, 4), reg>();
  tile::ewise([] { return 1u; }, a, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.s32">>(a, a, 3u, scope::warp);
#else
  tile::apply<ptx<"add.s32">>(a, a, tile::imm<3>, scope::warp);
#endif
}

} // namespace apply_imm_not_taken
