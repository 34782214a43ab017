// Must not compile: multimem's orderings come with a scope (.relaxed.sys, not .relaxed).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: multimem: an ordering (.relaxed, .acquire, .release) takes a scope (.cta, .cluster, .gpu, .sys) and a scope takes one; .weak takes none}}
#include <tirx/tile.hpp>

namespace multimem_order_scope {
using namespace tirx;

__global__ void kernel(float* mc, float* out) {
  auto g = decl_tensor<GlobalTensor<float, ShapeT<1>, 4>>(mc);
  auto v = alloc_local<float, shape(1)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"multimem.ld_reduce.relaxed.sys.global.add.f32">>(v, g, scope::thread);
#else
  tile::apply<ptx<"multimem.ld_reduce.relaxed.global.add.f32">>(v, g, scope::thread);
#endif
  out[0] = v(0);
}

} // namespace multimem_order_scope
