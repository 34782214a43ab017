// Must not compile: a column-major shared layout (TMA boxes land row-major).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TensorMap: the shared layout is not a TMA layout; give row_major(Box), optionally ^ swizzle_for(SwizzleMode::b128 (or b64, b32), sizeof(T))}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace tma_layout_not_row_major {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr Shape box = shape(8, 64);
constexpr TileLayout lay = layout_of<"S[(8, 64) : (1, 8)]">;
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#else
constexpr Shape box = shape(8, 64);
constexpr TileLayout lay = row_major(box);
using Map = tensor_map_t<bfloat16, box, lay>;
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(Map::box_bytes + map.opaque[0]);
}
#endif

} // namespace tma_layout_not_row_major
