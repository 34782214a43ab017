// Must not compile: registers of half2 elements for add.rn.f16x2. apply moves
// raw bits, and half2 has no trivial copy (before this rule: bit_cast errors
// deep inside the instruction code).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: half2 and nv_bfloat162 elements cannot be operands: apply moves raw register bits, and their copy is not trivial; hold packed f16x2/bf16x2 pairs in uint32 carriers (alloc_local<uint32, ...>) or view<uint32>() the tensor}}
#include <tirx/tile.hpp>

namespace apply_element_half2 {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(2, 32, 2) : (1@warpid, 1@laneid, 1)]">;

__global__ void kernel() {
  auto pairs = alloc_local<half2, shape(2, 32, 2), reg>();
  tile::ewise([] { return __float2half2_rn(1.0f); }, pairs, scope::cta); // ewise takes half2
#ifdef TIRX_FIXED
  auto words = pairs.view<uint32>(); // the same registers as f16x2 carriers
  tile::apply<ptx<"add.rn.f16x2">>(words, words, words, scope::cta);
#else
  tile::apply<ptx<"add.rn.f16x2">>(pairs, pairs, pairs, scope::cta);
#endif
}

} // namespace apply_element_half2
