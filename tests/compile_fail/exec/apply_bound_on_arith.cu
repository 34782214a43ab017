// Must not compile: tile::bound on an arithmetic instruction.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::bound limits an instruction with one memory operand (ld, st); registers have no edge: bound the loads and stores around the arithmetic}}
#include <tirx/tile.hpp>

namespace apply_bound_on_arith {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A, long long n) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::bound(n));
  auto scalars = registers.view<2, 32, 4, 1>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.f32">>(scalars, scalars, 1.0f, scope::cta);
#else
  tile::apply<ptx<"add.f32">>(scalars, scalars, 1.0f, scope::cta, tile::bound(n));
#endif
  tile::apply<ptx<"st.global.v4.b32">>(A, registers, scope::cta, tile::bound(n));
}

} // namespace apply_bound_on_arith
