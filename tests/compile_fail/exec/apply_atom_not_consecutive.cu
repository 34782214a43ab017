// Must not compile: ld.global.v4.b32 reads 4 consecutive floats, but the transposed view's last
// mode has stride 4. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a memory atom must be consecutive elements (the atom modes stride 1 on m, inside one swizzle chunk); use a narrower vector or a layout whose last mode is contiguous}}
#include <tirx/tile.hpp>

namespace apply_atom_not_consecutive {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 4, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.b32">>(registers, A.permute<0, 1, 3, 2>(),
                                    scope::cta); // one float per load
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A.permute<0, 1, 3, 2>(), scope::cta);
#endif
}

} // namespace apply_atom_not_consecutive
