// Must not compile: a 64-byte inner row (32 bf16) with the 128-byte swizzle (use b64).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: the box's inner row (InnerBytes below) is shorter than the swizzle's span (SwizzleBytes); pick the swizzle whose span is the inner row (b32, b64, b128 for 32, 64, 128 bytes) or widen the box}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_inner_shorter_than_swizzle {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(8, 32);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
constexpr Shape box = shape(8, 32);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b64, 2);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_inner_shorter_than_swizzle
