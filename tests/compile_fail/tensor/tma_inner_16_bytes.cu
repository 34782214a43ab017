// Must not compile: an inner box row of 12 bf16 = 24 bytes (TMA rows are multiples of 16 bytes).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: the box's inner row (innermost extent x sizeof(T) = InnerBytes below) must be a multiple of 16 bytes; widen the innermost box extent (8 bf16, 4 floats)}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_inner_16_bytes {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(8, 12);
using Map = tensor_map_t<bfloat16, box>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
constexpr Shape box = shape(8, 16);
using Map = tensor_map_t<bfloat16, box>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_inner_16_bytes
