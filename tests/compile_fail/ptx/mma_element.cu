// Must not compile: A of an .f16 mma.sync holding floats.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: mma.sync: operand Op's element type is not the spelling's (Want0 bits, Got0 bits below); use half, nv_bfloat16, float (f32, tf32), signed/unsigned char (s8/u8), __nv_fp8_e4m3/e5m2 or int (s32)}}
#include <tirx/tile.hpp>

namespace mma_element {
using namespace tirx;

#ifdef TIRX_FIXED
using TA = half;
constexpr TileLayout LA = mma_a_fragment_layout(2, 16);
constexpr index_t CR = 16, CC = 8;
constexpr TileLayout LC = mma_c_fragment_layout();
#define SCOPE scope::warp
#else
using TA = float;
constexpr TileLayout LA = mma_a_fragment_layout(2, 16);
constexpr index_t CR = 16, CC = 8;
constexpr TileLayout LC = mma_c_fragment_layout();
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

} // namespace mma_element
