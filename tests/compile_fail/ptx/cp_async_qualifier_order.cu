// Must not compile: the L2 qualifiers of cp.async in the wrong order (PTX's grammar puts
// .L2::cache_hint before the prefetch size); apply names the closest form it has.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "cp.async.cg.shared.global.L2::cache_hint" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace cp_async_qualifier_order {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A) {
  auto smem = alloc_shared<float, shape(2, 32, 4)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"cp.async.cg.shared.global.L2::cache_hint.L2::128B">>(
      smem, A, scope::cta, tile::cache_hint(policy::evict_first()));
#else
  tile::apply<ptx<"cp.async.cg.shared.global.L2::128B.L2::cache_hint">>(
      smem, A, scope::cta, tile::cache_hint(policy::evict_first()));
#endif
}

} // namespace cp_async_qualifier_order
