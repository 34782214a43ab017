// Must not compile: preserve_dst on a store: it keeps the registers of a predicated-off load only.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: preserve_dst keeps the registers of a predicated-off load; it applies to ld only (a guarded register instruction always keeps its destination)}}
#include <tirx/tile.hpp>

namespace apply_preserve_not_load {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void kernel(Tile A, bool in_bounds) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"st.global.v4.b32">>(A, registers, scope::cta, tile::pred(in_bounds));
#else
  tile::apply<ptx<"st.global.v4.b32">>(A, registers, scope::cta, tile::pred(in_bounds),
                                       tile::preserve_dst);
#endif
}

} // namespace apply_preserve_not_load
