// Must not compile: two tile::accumulate options on one instruction.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: give at most one tile::accumulate(...); combine the conditions}}
#include <tirx/tile.hpp>

namespace apply_two_accumulates {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(float* out, int k) {
  auto a = alloc_local<float, shape(32, 2), reg>();
  tile::ewise([] { return 1.0f; }, a, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.f32">>(a, a, a, scope::warp);
#else
  tile::apply<ptx<"add.f32">>(a, a, a, scope::warp, tile::accumulate(k > 0),
                              tile::accumulate(k > 1));
#endif
  out[threadIdx.x] = a.data()[0];
}

} // namespace apply_two_accumulates
