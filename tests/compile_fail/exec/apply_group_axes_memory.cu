// Must not compile: a global tensor whose layout uses laneid: memory operands are laid out on m
// only. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a memory operand's layout may not use thread axes (the scope's group modes already pick each thread's part); lay the memory tensor out on m only}}
#include <tirx/tile.hpp>

namespace apply_group_axes_memory {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
#ifdef TIRX_FIXED
using Row = GlobalTensor<float, ShapeT<32, 4>, 16>;
#else
using Row =
    GlobalTensor<float, ShapeT<32, 4>, 16, layout_type<layout_of<"S[(32, 4) : (1@laneid, 1)]">>>;
#endif

__global__ void kernel(Row A) {
  auto registers = alloc_local<float, shape(32, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warp);
}

} // namespace apply_group_axes_memory
