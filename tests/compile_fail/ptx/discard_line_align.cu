// Must not compile: discard acts on whole 128-byte lines, and a tensor type
// of align 4 does not say its lines start at multiples of 128 bytes.
// With -DTIRX_FIXED it compiles: the tensor type claims align 128.
// expected-error {{tirx::tile::apply: discard and applypriority act on whole lines of LineBytes bytes (below), aligned to them, but the tensor's align (Align below) is smaller; declare the tensor with align LineBytes, e.g. GlobalTensor<float, Shape, 128>}}
#include <tirx/tile.hpp>

namespace discard_line_align {
using namespace tirx;

#ifdef TIRX_FIXED
using Tile = GlobalTensor<float, ShapeT<4, 32>, 128>;
#else
using Tile = GlobalTensor<float, ShapeT<4, 32>>;
#endif

__global__ void kernel(Tile A) { tile::apply<ptx<"discard.global.L2">>(A, scope::thread); }

} // namespace discard_line_align
