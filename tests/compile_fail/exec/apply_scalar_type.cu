// Must not compile: a half2 scalar as a source of add.rn.f16x2; apply passes
// scalars as raw bits, and half2 has no trivial copy.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a scalar source must be a tirx dtype with a trivial copy (tirx/tensor/dtype.hpp; not half2 or nv_bfloat162); for .f16x2/.bf16x2 pass a uint32 holding both halves, e.g. 0x3C003C00u for (1.0, 1.0) in f16x2}}
#include <tirx/tile.hpp>

namespace apply_scalar_type {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 2) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto pairs = alloc_local<uint32, shape(2, 32, 2), reg>();
  tile::ewise([] { return 0x3C003C00u; }, pairs, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"mul.rn.f16x2">>(pairs, pairs, 0x40004000u, scope::cta); // (2.0, 2.0)
#else
  tile::apply<ptx<"mul.rn.f16x2">>(pairs, pairs, __float2half2_rn(2.0f), scope::cta);
#endif
}

} // namespace apply_scalar_type
