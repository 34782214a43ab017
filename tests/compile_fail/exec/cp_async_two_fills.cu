// Must not compile: both tile::src_size and tile::ignore_src on one cp.async.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: give at most one tile::src_size(...) or tile::ignore_src(...): cp.async takes either a source size or an ignore-src predicate, not both; express one through the other (src_size(ignore ? 0 : n))}}
#include <tirx/tile.hpp>

namespace cp_async_two_fills {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A, unsigned n, bool skip) {
  auto smem = alloc_shared<float, shape(2, 32, 4)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta, tile::src_size(skip ? 0u : n));
#else
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta, tile::src_size(n),
                                                tile::ignore_src(skip));
#endif
}

} // namespace cp_async_two_fills
