// Must not compile: tile::bound on a load from a gathered operand. With -DTIRX_FIXED it compiles:
// the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::bound does not take a gathered operand (its addresses come from indices, not from one range of offsets); guard the repeats with tile::pred, e.g. tile::pred([=](index_t r) { return r < valid; })}}
#include <tirx/tile.hpp>

namespace apply_gather_bound {
using namespace tirx;

using Table = GlobalTensor<float, ShapeT<100, 128>, 16>;
using Ids = GlobalTensor<int, ShapeT<4>, 16>;
constexpr TileLayout rows = layout_of<"S[(32, 4, 4) : (1@laneid, 4, 1)]">;

__global__ void kernel(Table table, Ids ids, int n) {
  auto regs = alloc_local<float, shape(32, 4, 4), rows>();
  auto lanes = table.rearrange<"v (lane x) -> lane v x", "lane=32">();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(regs, lanes.gather<1>(ids), scope::warp,
                                       tile::pred([=](index_t r) { return r < n; }));
#else
  tile::apply<ptx<"ld.global.v4.b32">>(regs, lanes.gather<1>(ids), scope::warp, tile::bound(n));
#endif
}

} // namespace apply_gather_bound
