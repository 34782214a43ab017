// Must not compile: a TMA load into a global tensor.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::load: the destination must be a shared-memory tensor; allocate it with SMEMPool::alloc or alloc_shared}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_load_not_shared {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar, float* p) {
  GlobalTensor<float, ShapeT<16, 64>, 16> tile{p};
  tma::load(tile, map, bar, 0, 0);
}
#else
constexpr Shape box = shape(16, 64);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar, float* p) {
  (void)p;
  auto tile = SMEMPool::dynamic().alloc<float, box>();
  tma::load(tile, map, bar, 0, 0);
}
#endif

} // namespace tma_load_not_shared
