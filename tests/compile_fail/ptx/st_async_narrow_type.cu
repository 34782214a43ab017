// Must not compile: st.async's mbarrier line stores 32- and 64-bit elements, no .b16 (the
// release line takes 8- and 16-bit ones).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed), the pair as one word.
// expected-error {{tirx::tile::apply: st.async's mbarrier line stores 32- or 64-bit elements (.b32 .u32 .s32 .f32 .b64 .u64 .s64 .f64; the release line 8 to 64 bits); pack narrower values into a 32-bit word}}
#include <tirx/tile.hpp>

namespace st_async_narrow_type {
using namespace tirx;

__global__ void kernel(unsigned short* peer, unsigned bar) {
#ifdef TIRX_FIXED
  auto v = alloc_local<unsigned, shape(1)>();
  v(0) = 0x00020001u;
  using St = Tensor<unsigned, ShapeT<1>, MemScope::shared, 4>;
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.b32">>(
      decl_tensor<St>(reinterpret_cast<unsigned*>(peer)), v, bar, scope::thread);
#else
  auto v = alloc_local<unsigned short, shape(2)>();
  v(0) = 1, v(1) = 2;
  using St = Tensor<unsigned short, ShapeT<2>, MemScope::shared, 4>;
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.b16">>(
      decl_tensor<St>(peer), v, bar, scope::thread);
#endif
}

} // namespace st_async_narrow_type
