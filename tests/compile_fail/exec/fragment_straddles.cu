// Must not compile: a layout whose shard of 4 steps across the end of a row (rows of 2 columns);
// the row operations need each shard in the rows or in the columns. With -DTIRX_FIXED it
// compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx fragment rows: a shard of the layout straddles the row boundary; each shard must step along the rows or within the columns}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_straddles {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout lay = layout_of<"S[(32, 2, 2) : (1@laneid, 2, 1)]">;
#else
constexpr TileLayout lay = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
#endif

__global__ void kernel(float* out) {
  auto x = alloc_local<float, shape(64, 2), lay>();
  coord_map([](float, int r, int c) { return static_cast<float>(r - c); }, x);
  out[threadIdx.x] = x.data()[0];
}

} // namespace fragment_straddles
