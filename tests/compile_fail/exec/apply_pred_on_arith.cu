// Must not compile: tile::pred on add.f32; predicates guard ld and st only.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::pred guards ld and st only; for arithmetic, branch around the apply}}
#include <tirx/tile.hpp>

namespace apply_pred_on_arith {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel(int n) {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  if (n > 0)
    tile::apply<ptx<"add.f32">>(values, values, 1.0f, scope::cta);
#else
  tile::apply<ptx<"add.f32">>(values, values, 1.0f, scope::cta, tile::pred(n > 0));
#endif
}

} // namespace apply_pred_on_arith
