// Must not compile: a register tile of bins whose lane mode is a repeat at thread scope. With
// -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a register index tile's repeat modes must lie on the memory axis m (each thread reads its own index slots only); move its thread modes to the front, where they are the group modes}}
#include <tirx/tile.hpp>

namespace apply_gather_index_foreign_slots {
using namespace tirx;

constexpr TileLayout bins_layout = layout_of<"S[(32, 8) : (1@laneid, 1)]">;

__global__ void kernel() {
  auto hist = alloc_shared<unsigned, shape(256)>();
  auto bins = alloc_local<unsigned, shape(32, 8), bins_layout>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"red.shared::cta.add.u32">>(hist.gather(bins), 1u, scope::warp);
#else
  tile::apply<ptx<"red.shared::cta.add.u32">>(hist.gather(bins), 1u, scope::thread);
#endif
}

} // namespace apply_gather_index_foreign_slots
