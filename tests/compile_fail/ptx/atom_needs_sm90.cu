// Must not compile for sm_80: .shared::cluster (and the .cluster scope, the bf16 and vector
// forms) need sm_90; every atom/red row carries its oldest sm.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps the form out of
// older targets.
// tirx-fail: nvcc sm_80
// expected-error {{tirx::tile::apply: "atom.shared::cluster.add.u32" needs sm_90 or newer, and this device compilation targets an older architecture; compile it for sm_90 (e.g. -gencode=arch=compute_NN,code=sm_NN), or keep the call out of older targets with #if __CUDA_ARCH__}}
#include <tirx/tile.hpp>

namespace atom_needs_sm90 {
using namespace tirx;

__global__ void kernel(unsigned* out) {
  auto count = alloc_shared<unsigned, shape(1)>();
  auto old = alloc_local<unsigned, shape(1)>();
  old(0) = 0;
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  tile::apply<ptx<"atom.shared::cluster.add.u32">>(old, count, 1u, scope::thread);
#endif
#else
  tile::apply<ptx<"atom.shared::cluster.add.u32">>(old, count, 1u, scope::thread);
#endif
  out[threadIdx.x] = old(0);
}

} // namespace atom_needs_sm90
