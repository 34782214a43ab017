// Must not compile: two tile::cache_hint options on one load.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: give at most one tile::cache_hint(...); an instruction takes one cache policy}}
#include <tirx/tile.hpp>

namespace apply_two_cache_hints {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.nc.L2::cache_hint.v4.b32">>(
      registers, A, scope::cta,
      tile::cache_hint(policy::fractional<policy::Evict::last, policy::Evict::first>(0.5f)));
#else
  tile::apply<ptx<"ld.global.nc.L2::cache_hint.v4.b32">>(registers, A, scope::cta,
                                                         tile::cache_hint(policy::evict_last(0.5f)),
                                                         tile::cache_hint(policy::evict_first()));
#endif
}

} // namespace apply_two_cache_hints
