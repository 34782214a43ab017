// Must not compile: prefetch covers the tensor in 128-byte lines, and rows of
// 16 floats are 64 bytes, half a line.
// With -DTIRX_FIXED it compiles: the same floats viewed as rows of 32.
// expected-error {{tirx::tile::apply: prefetch, discard and applypriority cover the tensor line by line, and a line is LineBytes bytes (below): the trailing modes must hold exactly LineElements elements; view<...>() the tensor to (..., LineElements)}}
#include <tirx/tile.hpp>

namespace prefetch_line_shape {
using namespace tirx;

#ifdef TIRX_FIXED
using Tile = GlobalTensor<float, ShapeT<4, 32>>;
#else
using Tile = GlobalTensor<float, ShapeT<8, 16>>;
#endif

__global__ void kernel(Tile A) { tile::apply<ptx<"prefetch.global.L2">>(A, scope::thread); }

} // namespace prefetch_line_shape
