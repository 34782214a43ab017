// Must not compile: st.async into another CTA completes on that CTA's mbarrier, so the
// spelling names .mbarrier::complete_tx::bytes.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: st.async/red.async complete on the receiving CTA's mbarrier: write .mbarrier::complete_tx::bytes (or a .release line)}}
#include <tirx/tile.hpp>

namespace st_async_no_mbarrier {
using namespace tirx;

__global__ void kernel(unsigned* peer, unsigned bar) {
  using St = Tensor<unsigned, ShapeT<1>, MemScope::shared, 4>;
#ifdef TIRX_FIXED
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.b32">>(
      decl_tensor<St>(peer), 7u, bar, scope::thread);
#else
  tile::apply<ptx<"st.async.shared::cluster.b32">>(decl_tensor<St>(peer), 7u, bar, scope::thread);
#endif
}

} // namespace st_async_no_mbarrier
