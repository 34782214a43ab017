// Must not compile: prefetch.tensormap prefetches a TMA descriptor, which is
// no tile of elements (the family's rule names the function that does it).
// With -DTIRX_FIXED it compiles: prefetch.global.L2 of the tensor's lines.
// expected-error {{tirx::tile::apply: prefetch.tensormap prefetches a TMA descriptor, not a tensor's lines; call tma::prefetch_tensor_map(map)}}
#include <tirx/tile.hpp>

namespace prefetch_tensormap {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<4, 32>>;

__global__ void kernel(Tile A) {
#ifdef TIRX_FIXED
  tile::apply<ptx<"prefetch.global.L2">>(A, scope::thread);
#else
  tile::apply<ptx<"prefetch.tensormap">>(A, scope::thread);
#endif
}

} // namespace prefetch_tensormap
