// Must not compile: st.async's .v4 takes the 32-bit types only (a .v4 of
// 64-bit elements is 32 bytes, no st.async form); apply names the rule.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed), two .v2 stores.
// expected-error {{tirx::tile::apply: st.async: .v4 takes the 32-bit types (.b32 .u32 .s32 .f32) and .v2 every 32- and 64-bit one; write .v2 for 64-bit elements}}
#include <tirx/tile.hpp>

namespace st_async_v4_64bit {
using namespace tirx;

__global__ void kernel(unsigned long long* peer, unsigned bar) {
#ifdef TIRX_FIXED
  auto v = alloc_local<unsigned long long, shape(2, 2)>();
  using St = Tensor<unsigned long long, ShapeT<2, 2>, MemScope::shared, 16>;
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.b64">>(
      decl_tensor<St>(peer), v, bar, scope::thread);
#else
  auto v = alloc_local<unsigned long long, shape(4)>();
  using St = Tensor<unsigned long long, ShapeT<4>, MemScope::shared, 32>;
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b64">>(
      decl_tensor<St>(peer), v, bar, scope::thread);
#endif
}

} // namespace st_async_v4_64bit
