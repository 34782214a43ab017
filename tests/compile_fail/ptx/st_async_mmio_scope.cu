// Must not compile: .mmio (an access to memory-mapped I/O) takes the .sys scope.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// tirx-fail: sm_100a
// expected-error {{tirx::tile::apply: st.async/red.async: .mmio takes the .sys scope; write .mmio.release.sys}}
#include <tirx/tile.hpp>

namespace st_async_mmio_scope {
using namespace tirx;

__global__ void kernel(unsigned* reg) {
#if __CUDA_ARCH__ >= 1000
  auto r = decl_tensor<GlobalTensor<unsigned, ShapeT<1>, 4>>(reg);
#ifdef TIRX_FIXED
  tile::apply<ptx<"st.async.mmio.release.sys.global.b32">>(r, 1u, scope::thread);
#else
  tile::apply<ptx<"st.async.mmio.release.gpu.global.b32">>(r, 1u, scope::thread);
#endif
#else
  reg[0] = 1u;
#endif
}

} // namespace st_async_mmio_scope
