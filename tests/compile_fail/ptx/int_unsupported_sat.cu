// Must not compile: add.sat is the .s32 line only (add.sat.u32 is sm_120); the message names it.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "add.sat.s32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace int_unsupported_sat {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto a = alloc_local<uint32, shape(32, 4), reg>();
  tile::ewise([] { return 1u; }, a, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.sat.s32">>(a, a, a, scope::warp);
#else
  tile::apply<ptx<"add.sat.u32">>(a, a, a, scope::warp);
#endif
}

} // namespace int_unsupported_sat
