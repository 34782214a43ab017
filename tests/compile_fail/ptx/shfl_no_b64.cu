// Must not compile: shfl.sync.bfly.b64; PTX shuffles 32-bit registers only
// (move a 64-bit value as two .b32 halves). The generic report names the
// family's closest form.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "shfl.sync.bfly.b32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace shfl_no_b64 {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(unsigned* out) {
  auto values = alloc_local<unsigned, shape(32, 2), reg>();
  tile::ewise([] { return 1u; }, values, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"shfl.sync.bfly.b32">>(values, values, 1u, 0x1fu, 0xffffffffu, scope::warp);
#else
  tile::apply<ptx<"shfl.sync.bfly.b64">>(values, values, 1u, 0x1fu, 0xffffffffu, scope::warp);
#endif
  out[threadIdx.x] = values.data()[0];
}

} // namespace shfl_no_b64
