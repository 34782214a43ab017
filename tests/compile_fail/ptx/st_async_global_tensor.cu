// Must not compile: st.async's mbarrier line writes another CTA's shared memory; a global
// tensor is the wrong state space.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed), a shared tensor.
// expected-error {{tirx::tile::apply: the memory operand's scope does not match the instruction: .global needs a global tensor, .shared a shared one, .local a local one; pick the spelling for the tensor's memory}}
#include <tirx/tile.hpp>

namespace st_async_global_tensor {
using namespace tirx;

__global__ void kernel(unsigned* peer, unsigned bar) {
#ifdef TIRX_FIXED
  using T = Tensor<unsigned, ShapeT<1>, MemScope::shared, 4>;
#else
  using T = GlobalTensor<unsigned, ShapeT<1>, 4>;
#endif
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.b32">>(
      decl_tensor<T>(peer), 7u, bar, scope::thread);
}

} // namespace st_async_global_tensor
