// Must not compile: a .L2::cache_hint spelling without its cache policy.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a .L2::cache_hint spelling takes a 64-bit cache policy: add tile::cache_hint(policy), e.g. tile::cache_hint(policy::evict_last()), or drop .L2::cache_hint}}
#include <tirx/tile.hpp>

namespace apply_cache_hint_missing {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.L2::cache_hint.v4.b32">>(registers, A, scope::cta,
                                                      tile::cache_hint(policy::evict_last()));
#else
  tile::apply<ptx<"ld.global.L2::cache_hint.v4.b32">>(registers, A, scope::cta);
#endif
}

} // namespace apply_cache_hint_missing
