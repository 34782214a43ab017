// Must not compile: the global tensor type promises 8-byte alignment, too little for 16-byte
// chunks. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: cp.async needs each chunk's address aligned to its bytes, but the tensor's align (Align below) is smaller than its chunk (ChunkBytes below); declare the tensor with a larger align (e.g. GlobalTensor<float, Shape, 16> for 16-byte chunks) or copy smaller chunks}}
#include <tirx/tile.hpp>

namespace cp_async_global_align {
using namespace tirx;

#ifdef TIRX_FIXED
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;
#else
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 8>;
#endif

__global__ void kernel(Tile A) {
  auto smem = alloc_shared<float, shape(2, 32, 4)>();
  tile::apply<ptx<"cp.async.cg.shared.global">>(smem, A, scope::cta);
}

} // namespace cp_async_global_align
