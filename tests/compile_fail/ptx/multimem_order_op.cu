// Must not compile: multimem.red has no result to acquire with: it orders with .relaxed or
// .release.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: multimem: ld_reduce orders with .weak, .relaxed or .acquire; st with .weak, .relaxed or .release; red with .relaxed or .release}}
#include <tirx/tile.hpp>

namespace multimem_order_op {
using namespace tirx;

__global__ void kernel(unsigned* mc) {
  auto g = decl_tensor<GlobalTensor<unsigned, ShapeT<1>, 4>>(mc);
#ifdef TIRX_FIXED
  tile::apply<ptx<"multimem.red.release.sys.global.add.u32">>(g, 1u, scope::thread);
#else
  tile::apply<ptx<"multimem.red.acquire.sys.global.add.u32">>(g, 1u, scope::thread);
#endif
}

} // namespace multimem_order_op
