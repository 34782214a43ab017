// Must not compile: cp.async writes shared memory, but the destination is a global tensor.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the memory operand's scope does not match the instruction: .global needs a global tensor, .shared a shared one, .local a local one; pick the spelling for the tensor's memory}}
#include <tirx/tile.hpp>

namespace cp_async_wrong_space {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A, Tile B) {
#ifdef TIRX_FIXED
  auto smem = alloc_shared<float, shape(2, 32, 4)>();
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta);
  (void)B;
#else
  tile::apply<ptx<"cp.async.ca.shared.global">>(B, A, scope::cta);
#endif
}

} // namespace cp_async_wrong_space
