// Must not compile: the float scalar 1.0f as a source of add.rn.f16x2; a
// packed scalar is a uint32 carrier of both halves (1.0f's bits would read
// as the pair (0.0, 1.875)).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a scalar for a packed type (.f16x2, .bf16x2, .e4m3x2, .e5m2x2) is an unsigned carrier holding both values, not a float; write e.g. 0x3C003C00u for (1.0, 1.0) in f16x2, 0x3F803F80u in bf16x2}}
#include <tirx/tile.hpp>

namespace apply_scalar_float_for_packed {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 2) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto pairs = alloc_local<uint32, shape(2, 32, 2), reg>();
  tile::ewise([] { return 0x3C003C00u; }, pairs, scope::cta);
#ifdef TIRX_FIXED
  tile::apply<ptx<"add.rn.f16x2">>(pairs, pairs, 0x3C003C00u, scope::cta); // (1.0, 1.0)
#else
  tile::apply<ptx<"add.rn.f16x2">>(pairs, pairs, 1.0f, scope::cta);
#endif
}

} // namespace apply_scalar_float_for_packed
