// Must not compile: red has no result, so it takes no acquiring order (.acquire, .acq_rel);
// apply names the rule instead of a closest form.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: red has no result to order loads after: it takes .relaxed or .release only; use atom.acquire... (or atom.acq_rel...) for an acquiring update}}
#include <tirx/tile.hpp>

namespace atom_red_acquire {
using namespace tirx;

__global__ void kernel(unsigned* counter) {
  auto c = decl_tensor<GlobalTensor<unsigned, ShapeT<1>>>(counter);
#ifdef TIRX_FIXED
  tile::apply<ptx<"red.release.gpu.global.add.u32">>(c, 1u, scope::thread);
#else
  tile::apply<ptx<"red.acquire.gpu.global.add.u32">>(c, 1u, scope::thread);
#endif
}

} // namespace atom_red_acquire
