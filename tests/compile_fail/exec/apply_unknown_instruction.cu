// Must not compile: fms is no PTX opcode (fma is).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "fma.rn.f32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace apply_unknown_instruction {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"fma.rn.f32">>(registers, registers, 2.0f, 1.0f, scope::cta);
#else
  tile::apply<ptx<"fms.rn.f32">>(registers, registers, 2.0f, 1.0f, scope::cta);
#endif
}

} // namespace apply_unknown_instruction
