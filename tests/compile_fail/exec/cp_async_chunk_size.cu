// Must not compile: a cp.async chunk of 12 bytes (a last mode of 3 floats); cp.async copies 4, 8
// or 16. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: cp.async copies chunks of 4, 8 or 16 bytes, and an operand's chunk is its last mode, here ChunkBytes bytes (below); view<...>() the operands to a last mode of 4, 8 or 16 bytes, e.g. (..., 4) floats or (..., 8) halves for 16}}
#include <tirx/tile.hpp>

namespace cp_async_chunk_size {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr int last = 4;
#else
constexpr int last = 3;
#endif
using Tile = GlobalTensor<float, ShapeT<2, 32, last>, 16>;

__global__ void kernel(Tile A) {
  auto smem = alloc_shared<float, shape(2, 32, last)>();
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta);
}

} // namespace cp_async_chunk_size
