// Must not compile: ewise over a tensor of a struct that tirx/tensor/dtype.hpp
// does not know.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: an operand's element type is not a tirx dtype (tirx/tensor/dtype.hpp: float, half, nv_bfloat16, double, the int and uint types, fp8, ...); declare the tensor with one of them, e.g. uint32 carriers for packed f16x2/bf16x2 pairs}}
#include <tirx/tile.hpp>

namespace apply_ewise_element_unknown {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

struct Pair {
  float x, y;
};
#ifdef TIRX_FIXED
using T = float2; // a tirx dtype (float32x2)
#else
using T = Pair;
#endif

__global__ void kernel() {
  auto values = alloc_local<T, shape(2, 32, 4), reg>();
  tile::ewise([] { return T{1.0f, 2.0f}; }, values, scope::cta);
}

} // namespace apply_ewise_element_unknown
