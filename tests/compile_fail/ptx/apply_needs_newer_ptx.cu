// Must not compile with a toolkit of PTX ISA 7.0 (pretended here with
// TIRX_TOOLKIT_PTX): add.bf16x2 needs PTX ISA 7.8; every row carries its
// oldest PTX ISA.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed) uses
// the actual toolkit.
// expected-error {{tirx::tile::apply: "add.bf16x2" needs PTX ISA 78 (x10), newer than this CUDA toolkit emits; use a newer toolkit or another form}}
#ifndef TIRX_FIXED
#define TIRX_TOOLKIT_PTX 70
#endif
#include <tirx/tile.hpp>

namespace apply_needs_newer_ptx {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(unsigned* data) {
  auto a = alloc_local<unsigned, shape(32, 2), reg>();
  tile::ewise([] { return 0x3f803f80u; }, a, scope::warp);
  tile::apply<ptx<"add.bf16x2">>(a, a, a, scope::warp);
  data[threadIdx.x] = a.data()[0];
}

} // namespace apply_needs_newer_ptx
