// Must not compile: cp.async.cg with 8-byte chunks (a last mode of 2 floats); .cg copies 16 bytes
// only. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: cp.async.cg copies 16-byte chunks only, and the operands' last mode (the chunk) holds ChunkBytes bytes (below); use cp.async.ca for 4- and 8-byte chunks, or view<...>() the operands to a last mode of 16 bytes}}
#include <tirx/tile.hpp>

namespace cp_async_cg_chunk {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<2, 32, 2>, 8>;

__global__ void kernel(Tile A) {
  auto smem = alloc_shared<float, shape(2, 32, 2)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta);
#else
  tile::apply<ptx<"cp.async.cg.shared.global">>(smem, A, scope::cta);
#endif
}

} // namespace cp_async_cg_chunk
