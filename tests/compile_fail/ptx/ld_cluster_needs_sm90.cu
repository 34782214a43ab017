// Must not compile for sm_80: ld.shared::cluster needs sm_90 (the qualified ld/st rows report
// their architecture in one message). With -DTIRX_FIXED it compiles: the call under #if
// __CUDA_ARCH__ >= 900 (test compile_fail.nvcc.fixed).
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tile::apply: this ld/st form needs a newer architecture than this device pass targets (.cluster and .shared::cluster: sm_90; .L2::64B, .L2::128B: sm_75; .mmio: sm_70); compile for it (-arch=sm_90, -arch=sm_75), or keep the call under #if __CUDA_ARCH__ >= 900 (750) in code built for several targets}}
#include <tirx/tile.hpp>

namespace ld_cluster_needs_sm90 {
using namespace tirx;

__global__ void kernel(unsigned* out) {
  auto mine = alloc_shared<unsigned, shape(32, 4)>();
  auto regs = alloc_local<unsigned, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  tile::ewise([] { return 0u; }, regs, scope::warp);
#if !defined(TIRX_FIXED) || __CUDA_ARCH__ >= 900
  tile::apply<ptx<"ld.shared::cluster.b32">>(regs, mine, scope::warp);
#endif
  out[threadIdx.x] = regs.data()[0];
}

} // namespace ld_cluster_needs_sm90
