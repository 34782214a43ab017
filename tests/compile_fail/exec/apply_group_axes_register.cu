// Must not compile: at warp scope the registers' first mode must be 1@laneid; this tile has no
// thread axis at all. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a register operand's group modes must be the scope's thread axes, each with stride 1 (warp: laneid; warpgroup: wid_in_wg, laneid; cta: warpid, laneid); give the register tile such a layout or pick the scope that fits}}
#include <tirx/tile.hpp>

namespace apply_group_axes_register {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
#else
constexpr TileLayout reg = row_major(shape(32, 4));
#endif
using Row = GlobalTensor<float, ShapeT<32, 4>, 16>;

__global__ void kernel(Row A) {
  auto registers = alloc_local<float, shape(32, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warp);
}

} // namespace apply_group_axes_register
