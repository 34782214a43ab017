// Must not compile: a float as ewise's destination.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: the destination must be a tirx tensor (f's results are written into it); pass it right after f}}
#include <tirx/tile.hpp>

namespace apply_ewise_dst_not_tensor {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel(float* out) {
  auto values = alloc_local<float, shape(2, 32, 4), reg>();
  tile::ewise([] { return 1.0f; }, values, scope::cta);
  float total = 0.0f;
#ifdef TIRX_FIXED
  tile::ewise([](float x) { return x + 1.0f; }, values, values, scope::cta);
#else
  tile::ewise([](float x) { return x + 1.0f; }, total, values, scope::cta);
#endif
  out[threadIdx.x] = total;
}

} // namespace apply_ewise_dst_not_tensor
