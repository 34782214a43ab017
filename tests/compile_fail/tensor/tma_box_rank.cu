// Must not compile: a box of 6 modes (TMA boxes have 1 to 5).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: a box has 1 to 5 modes; view the tensor with at most 5 modes}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_box_rank {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(2, 2, 2, 2, 2, 16);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
constexpr Shape box = shape(4, 2, 2, 2, 16);
using Map = tensor_map_t<float, box>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_box_rank
