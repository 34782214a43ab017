// Must not compile: tile::accumulate on an instruction without an
// accumulator (add.f32); it belongs to matrix instructions (wgmma).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::accumulate, negate_a and negate_b set the accumulator and scales of a matrix instruction (wgmma); this instruction has none: drop them}}
#include <tirx/tile.hpp>

namespace apply_accumulate_not_taken {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(float* out, int k) {
  auto a = alloc_local<float, shape(32, 2), reg>();
  tile::ewise([] { return 1.0f; }, a, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.f32">>(a, a, a, scope::warp);
#else
  tile::apply<ptx<"add.f32">>(a, a, a, scope::warp, tile::accumulate(k > 0));
#endif
  out[threadIdx.x] = a.data()[0];
}

} // namespace apply_accumulate_not_taken
