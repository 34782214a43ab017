// Must not compile: a TMA load in a compilation for sm_80 (the fix compiles for sm_90a).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// tirx-fail: nvcc sm_80 gencode_80
// tirx-builds: sm_90a sm_90 gencode_90a
// expected-error {{tirx::tma: a TMA or bulk copy needs sm_90 or newer, and this device pass targets an older one; compile for sm_90 or newer (-arch=sm_90), or keep the call under #if __CUDA_ARCH__ >= 900 in code built for several targets}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_needs_sm90 {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, box>();
  tma::load(tile, map, bar, 0, 0);
}
#else
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto tile = SMEMPool::dynamic().alloc<float, box>();
  tma::load(tile, map, bar, 0, 0);
}
#endif

} // namespace tma_needs_sm90
