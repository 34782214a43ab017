// Must not compile: a row reduction over a tile whose rows are spread over two warps (shuffles
// reach one warp). With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::row_combine: the fragment spreads a row over several warps; shuffles reach one warp only (reduce across warps through shared memory, cta_reduce)}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_rows_span_warps {
using namespace tirx;

struct add_ {
  __device__ float operator()(float a, float b) const { return a + b; }
};

#ifdef TIRX_FIXED
// 4 rows over 2 warps of 32 lanes, 4 slots per row each: rows by warp
constexpr TileLayout lay = layout_of<"S[(2, 2, 32, 4) : (1@warpid, 4, 1@laneid, 1)]">;
#else
// 4 rows of 128 columns: the columns over 2 warps
constexpr TileLayout lay = layout_of<"S[(4, 2, 32, 2) : (2, 1@warpid, 1@laneid, 1)]">;
#endif

__global__ void kernel(float* out) {
  auto x = alloc_local<float, shape(4, 128), lay>();
  coord_map([](float, int r, int c) { return static_cast<float>(r * c); }, x);
  out[threadIdx.x] = row_reduce(add_{}, 0.0f, x)[0];
}

} // namespace fragment_rows_span_warps
