// Must not compile: st.async's barrier operand is the 32-bit shared::cluster address of the
// receiving CTA's mbarrier (MBarrier::cluster_addr), not a 64-bit pointer or word.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a scalar source must have the width of the instruction's type (e.g. 1.0f, not 1.0, for .f32); convert it first}}
#include <tirx/tile.hpp>

namespace st_async_barrier_width {
using namespace tirx;

__global__ void kernel(unsigned* peer, cuda::std::uint64_t* word) {
  using St = Tensor<unsigned, ShapeT<1>, MemScope::shared, 4>;
  const MBarrier bar(word);
#ifdef TIRX_FIXED
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.b32">>(
      decl_tensor<St>(peer), 7u, bar.cluster_addr(1), scope::thread);
#else
  tile::apply<ptx<"st.async.shared::cluster.mbarrier::complete_tx::bytes.b32">>(
      decl_tensor<St>(peer), 7u, reinterpret_cast<unsigned long long>(bar.ptr()), scope::thread);
#endif
}

} // namespace st_async_barrier_width
