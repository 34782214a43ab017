// Must not compile: a box mode of 300 elements (TMA boxes have at most 256 per mode).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: every box extent must lie in 1..256 (Mode and Extent below); split that mode into boxes of at most 256 elements and copy each box}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_box_extent {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(300, 64);
using Map = tensor_map_t<bfloat16, box>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
constexpr Shape box = shape(256, 64);
using Map = tensor_map_t<bfloat16, box>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_box_extent
