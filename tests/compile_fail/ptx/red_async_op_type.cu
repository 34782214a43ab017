// Must not compile: red.async's inc and dec take .u32 only (PTX's op x type lines).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: red.async: the operation does not take this type (inc/dec: u32; min/max: u32 s32; and/or/xor: b32; add: u32 s32 u64, and s64 on the release line); pick one of these}}
#include <tirx/tile.hpp>

namespace red_async_op_type {
using namespace tirx;

__global__ void kernel(unsigned* peer, unsigned bar) {
  using St = Tensor<unsigned, ShapeT<1>, MemScope::shared, 4>;
#ifdef TIRX_FIXED
  tile::apply<
      ptx<"red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32">>(
      decl_tensor<St>(peer), 9u, bar, scope::thread);
#else
  tile::apply<
      ptx<"red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.s32">>(
      decl_tensor<St>(peer), 9u, bar, scope::thread);
#endif
}

} // namespace red_async_op_type
