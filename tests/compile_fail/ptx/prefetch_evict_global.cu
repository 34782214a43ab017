// Must not compile: a prefetch with an L2 eviction priority names .global
// (PTX writes it into that syntax line; no generic or .local form).
// With -DTIRX_FIXED it compiles: prefetch.global.L2::evict_last.
// expected-error {{tirx::tile::apply: a prefetch with an L2 eviction priority (.L2::evict_last, .L2::evict_normal) takes .global and a global tensor; write e.g. "prefetch.global.L2::evict_last"}}
#include <tirx/tile.hpp>

namespace prefetch_evict_global {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<4, 32>>;

__global__ void kernel(Tile A) {
#ifdef TIRX_FIXED
  tile::apply<ptx<"prefetch.global.L2::evict_last">>(A, scope::thread);
#else
  tile::apply<ptx<"prefetch.L2::evict_last">>(A, scope::thread);
#endif
}

} // namespace prefetch_evict_global
