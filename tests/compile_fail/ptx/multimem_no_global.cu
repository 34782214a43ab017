// Must not compile: tirx's multimem spellings name the state space, .global.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: multimem: write .global after the ordering (a multicast address is global memory), e.g. "multimem.ld_reduce.relaxed.sys.global.add.f32"}}
#include <tirx/tile.hpp>

namespace multimem_no_global {
using namespace tirx;

__global__ void kernel(unsigned* mc) {
  auto g = decl_tensor<GlobalTensor<unsigned, ShapeT<1>, 4>>(mc);
#ifdef TIRX_FIXED
  tile::apply<ptx<"multimem.st.release.gpu.global.b32">>(g, 1u, scope::thread);
#else
  tile::apply<ptx<"multimem.st.release.gpu.b32">>(g, 1u, scope::thread);
#endif
}

} // namespace multimem_no_global
