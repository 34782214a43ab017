// Must not compile: ld.global.v2.b32 on tiles whose last mode is 4: the trailing modes must hold
// one atom (2). With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: an operand must read as (group modes, repeat modes, atom modes): the scope's group modes first, then trailing modes that hold exactly one instruction atom (a last mode of 4 for .v4); view<...>() the operand to such a shape}}
#include <tirx/tile.hpp>

namespace apply_atom_shape {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v2.b32">>(registers.view<2, 32, 6, 2>(), A.view<2, 32, 6, 2>(),
                                       scope::cta);
#else
  tile::apply<ptx<"ld.global.v2.b32">>(registers, A, scope::cta);
#endif
}

} // namespace apply_atom_shape
