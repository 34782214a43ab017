// Must not compile: a cuda::access_property tag where a cache policy goes (the
// tag converts to an enumerator, not to a policy).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::cache_hint: a cache policy is a 64-bit unsigned integer (policy::evict_last(), ...) or a cuda::access_property; a property tag is not one: write cuda::access_property(cuda::access_property::streaming{}), not cuda::access_property::streaming{}}}
#include <tirx/tile.hpp>

#include <cuda/annotated_ptr>

namespace apply_cache_hint_tag {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
#ifdef TIRX_FIXED
  const cuda::access_property streaming(cuda::access_property::streaming{});
  tile::apply<ptx<"ld.global.L2::cache_hint.v4.b32">>(registers, A, scope::cta,
                                                      tile::cache_hint(streaming));
#else
  tile::apply<ptx<"ld.global.L2::cache_hint.v4.b32">>(
      registers, A, scope::cta, tile::cache_hint(cuda::access_property::streaming{}));
#endif
}

} // namespace apply_cache_hint_tag
