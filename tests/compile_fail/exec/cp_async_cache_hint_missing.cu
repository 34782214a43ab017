// Must not compile: a cp.async .L2::cache_hint spelling without its cache policy.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a .L2::cache_hint spelling takes a 64-bit cache policy: add tile::cache_hint(policy), e.g. tile::cache_hint(policy::evict_last()), or drop .L2::cache_hint}}
#include <tirx/tile.hpp>

namespace cp_async_cache_hint_missing {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto smem = alloc_shared<float, shape(2, 32, 4)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"cp.async.cg.shared.global.L2::cache_hint">>(
      smem, A, scope::cta, tile::cache_hint(policy::evict_first()));
#else
  tile::apply<ptx<"cp.async.cg.shared.global.L2::cache_hint">>(smem, A, scope::cta);
#endif
}

} // namespace cp_async_cache_hint_missing
