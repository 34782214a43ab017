// Must not compile: a known opcode (ld) with a qualifier tirx does not emit (.xx).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "ld.global.ca.v4.b32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace apply_unsupported_qualifier {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.cs.v4.b32">>(registers, A, scope::cta);
#else
  tile::apply<ptx<"ld.global.xx.v4.b32">>(registers, A, scope::cta);
#endif
}

} // namespace apply_unsupported_qualifier
