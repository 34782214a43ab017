// Must not compile for sm_80: .shared::cluster (and the .cluster scope, the bf16 and vector
// forms) need sm_90; every atom/red row carries its oldest sm.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) keeps the form out of
// older targets.
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: "atom.shared::cluster.add.u32" needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
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
