// Must not compile: ld.shared from a global tensor.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the memory operand's scope does not match the instruction: .global needs a global tensor, .shared a shared one, .local a local one; pick the spelling for the tensor's memory}}
#include <tirx/tile.hpp>

namespace apply_wrong_space {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
#else
  tile::apply<ptx<"ld.shared.v4.b32">>(registers, A, scope::cta);
#endif
}

} // namespace apply_wrong_space
