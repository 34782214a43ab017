// Must not compile: match.any.sync.b64 with a 64-bit member mask; the mask
// is 32 bits (one per lane) whatever the width of the values compared.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a scalar source must have the width of the instruction's type (e.g. 1.0f, not 1.0, for .f32); convert it first}}
#include <tirx/tile.hpp>

namespace match_mask_width {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(unsigned* out) {
  auto lanes = alloc_local<unsigned, shape(32, 2), reg>();
  auto values = alloc_local<unsigned long long, shape(32, 2), reg>();
  tile::ewise([] { return 7ull; }, values, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"match.any.sync.b64">>(lanes, values, 0xffffffffu, scope::warp);
#else
  tile::apply<ptx<"match.any.sync.b64">>(lanes, values, 0xffffffffull, scope::warp);
#endif
  out[threadIdx.x] = lanes.data()[0];
}

} // namespace match_mask_width
