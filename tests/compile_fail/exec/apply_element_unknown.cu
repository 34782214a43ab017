// Must not compile: registers of `long`, which tirx/tensor/dtype.hpp does not
// know (its 64-bit integer is long long); apply needs a dtype's width.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: an operand's element type is not a tirx dtype (tirx/tensor/dtype.hpp: float, half, nv_bfloat16, double, the int and uint types, fp8, ...); declare the tensor with one of them, e.g. uint32 carriers for packed f16x2/bf16x2 pairs}}
#include <tirx/tile.hpp>

namespace apply_element_unknown {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 2) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<long long, ShapeT<2, 32, 2>, 16>;
#ifdef TIRX_FIXED
using T = long long;
#else
using T = long;
#endif

__global__ void kernel(Tile A) {
  auto registers = alloc_local<T, shape(2, 32, 2), reg>();
  tile::apply<ptx<"ld.global.v2.b64">>(registers, A, scope::cta);
}

} // namespace apply_element_unknown
