// Must not compile: tile::cache_hint with a spelling that has no .L2::cache_hint.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::cache_hint needs a spelling with .L2::cache_hint (e.g. "ld.global.L2::cache_hint.v4.b32"); add it to the spelling or drop tile::cache_hint}}
#include <tirx/tile.hpp>

namespace apply_cache_hint_not_taken {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, registers, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"st.global.cs.L2::cache_hint.v4.b32">>(A, registers, scope::cta,
                                                         tile::cache_hint(policy::evict_first()));
#else
  tile::apply<ptx<"st.global.cs.v4.b32">>(A, registers, scope::cta,
                                          tile::cache_hint(policy::evict_first()));
#endif
}

} // namespace apply_cache_hint_not_taken
