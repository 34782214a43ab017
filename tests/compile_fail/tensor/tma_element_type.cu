// Must not compile: float4 elements (TMA elements are 1-, 2-, 4- or 8-byte scalars).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: the element type has no TMA data type; use a 1-, 2-, 4- or 8-byte scalar (float, half, bfloat16, double, integers, fp8)}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_element_type {
using namespace tirx;

#ifndef TIRX_FIXED
using Map = tensor_map_t<float4, shape(8, 16)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
using Map = tensor_map_t<float, shape(8, 16)>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_element_type
