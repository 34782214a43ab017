// Must not compile: C and D of mma.sync.m16n8k16 are (16, 8), not (16, 16).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: mma.sync: operand Op must be (16, K) for a, (8, K) for b (B transposed) and (16, 8) for c and d (Want0 x Want1, Got0 x Got1 below)}}
#include <tirx/tile.hpp>

namespace mma_shape {
using namespace tirx;

#ifdef TIRX_FIXED
using TA = half;
constexpr TileLayout LA = mma_a_fragment_layout(2, 16);
constexpr index_t CR = 16, CC = 8;
constexpr TileLayout LC = mma_c_fragment_layout();
#define SCOPE scope::warp
#else
using TA = half;
constexpr TileLayout LA = mma_a_fragment_layout(2, 16);
constexpr index_t CR = 16, CC = 16;
constexpr TileLayout LC = layout_of<"S[(32, 8) : (1@laneid, 1)]">;
#define SCOPE scope::warp
#endif

__global__ void kernel(float* out) {
  auto a = alloc_local<TA, shape(16, 16), LA>();
  auto b = alloc_local<half, shape(8, 16), mma_b_fragment_layout(2, 16)>();
  auto c = alloc_local<float, shape(CR, CC), LC>();
  for (int i = 0; i < 4; ++i)
    c.data()[i] = out[i];
  tile::apply<ptx<"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32">>(c, a, b, c, SCOPE);
  out[threadIdx.x] = c.data()[0];
}
#undef SCOPE

} // namespace mma_shape
