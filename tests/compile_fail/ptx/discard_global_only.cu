// Must not compile: discard acts on global memory only (.local is no space
// of its syntax, nor is a local tensor valid for its generic form).
// With -DTIRX_FIXED it compiles: discard.global.L2 of a global tensor.
// expected-error {{tirx::tile::apply: discard and applypriority act on global memory only; use .global (or no space) and a global tensor}}
#include <tirx/tile.hpp>

namespace discard_global_only {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<4, 32>, 128>;

__global__ void kernel(Tile A) {
#ifdef TIRX_FIXED
  tile::apply<ptx<"discard.global.L2">>(A, scope::thread);
#else
  tile::apply<ptx<"discard.local.L2">>(A, scope::thread);
#endif
}

} // namespace discard_global_only
