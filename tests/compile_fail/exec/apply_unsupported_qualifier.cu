// Must not compile: a known opcode (ld) with a qualifier tirx does not emit (.xx).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: unsupported ld/st spelling (a qualifier, vector width or type tirx does not emit); the supported spellings are listed at the top of tirx/ptx/memory.hpp}}
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
