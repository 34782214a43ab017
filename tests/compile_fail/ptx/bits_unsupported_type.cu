// Must not compile: bfe takes a signed or unsigned type (.u32, .s32), not .b32; the message names
// one. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "bfe.u32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace bits_unsupported_type {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto a = alloc_local<uint32, shape(32, 4), reg>();
  tile::ewise([] { return 0xf0u; }, a, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"bfe.u32">>(a, a, 4u, 4u, scope::warp);
#else
  tile::apply<ptx<"bfe.b32">>(a, a, 4u, 4u, scope::warp);
#endif
}

} // namespace bits_unsupported_type
