// Must not compile: a source after the scope, where only options may go.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: only options (tile::pred, tile::bound, tile::cache_hint, tile::preserve_dst, tile::accumulate, negate_a, negate_b, tile::src_size, tile::ignore_src) may follow the scope; put every operand before it}}
#include <tirx/tile.hpp>

namespace apply_operand_after_scope {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.f32">>(values, values, 1.0f, scope::cta);
#else
  tile::apply<ptx<"add.f32">>(values, values, scope::cta, 1.0f);
#endif
}

} // namespace apply_operand_after_scope
