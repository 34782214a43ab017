// Must not compile: the 128-byte swizzle of 4-byte elements on a bf16 box (swizzle_for takes the
// element's bytes). With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: the shared layout's swizzle is none of the TMA swizzles; use swizzle_for(SwizzleMode::b128 (or b64, b32), sizeof(T)) of the element type}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_swizzle_not_a_mode {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(8, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 4);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
constexpr Shape box = shape(8, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_swizzle_not_a_mode
