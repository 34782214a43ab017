// Must not compile: a 256-byte inner row (128 bf16) with the 128-byte swizzle.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: the box's inner row (InnerBytes below) is longer than the swizzle's span (SwizzleBytes: 32, 64 or 128); cut the innermost box extent to the span (64 bf16 for b128) and copy several boxes}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_inner_longer_than_swizzle {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(8, 128);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
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

} // namespace tma_inner_longer_than_swizzle
