// Must not compile: PTX has no .L3 cache level; the generic report names
// the closest form of the prefetch family.
// With -DTIRX_FIXED it compiles: prefetch.global.L2.
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "prefetch.global.L1" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace prefetch_closest {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<4, 32>>;

__global__ void kernel(Tile A) {
#ifdef TIRX_FIXED
  tile::apply<ptx<"prefetch.global.L2">>(A, scope::thread);
#else
  tile::apply<ptx<"prefetch.global.L3">>(A, scope::thread);
#endif
}

} // namespace prefetch_closest
