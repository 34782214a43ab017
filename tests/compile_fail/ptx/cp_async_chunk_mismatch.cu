// Must not compile: a 16-byte destination chunk (4 floats) from an 8-byte source chunk (4 halves).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: cp.async copies each chunk whole, but the destination's last mode holds another number of bytes than the source's (D and X below: Mem<immediate, bytes>); give both operands the same chunk, e.g. view<U>() one of them to the other's element type}}
#include <tirx/tile.hpp>

namespace cp_async_chunk_mismatch {
using namespace tirx;

using Dst = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;
#ifdef TIRX_FIXED
using Src = GlobalTensor<half, ShapeT<2, 32, 8>, 16>;
#else
using Src = GlobalTensor<half, ShapeT<2, 32, 4>, 16>;
#endif

__global__ void kernel(Src A) {
  auto smem = alloc_shared<float, shape(2, 32, 4)>();
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta);
}

} // namespace cp_async_chunk_mismatch
