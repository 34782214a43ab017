// Must not compile: a gathered operand as the destination of ld, which writes registers. With
// -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a gathered operand (tensor.gather(indices)) is memory: pass it where the instruction reads or writes memory (the source of ld, the destination of st, the address of atom and red), not as registers}}
#include <tirx/tile.hpp>

namespace apply_gather_in_registers {
using namespace tirx;

using Table = GlobalTensor<float, ShapeT<100, 128>, 16>;
using Ids = GlobalTensor<int, ShapeT<4>, 16>;
constexpr TileLayout rows = layout_of<"S[(32, 4, 4) : (1@laneid, 4, 1)]">;

__global__ void kernel(Table table, Ids ids) {
  auto regs = alloc_local<float, shape(32, 4, 4), rows>();
  auto lanes = table.rearrange<"v (lane x) -> lane v x", "lane=32">();
#ifdef TIRX_FIXED
  tile::apply<ptx<"st.global.v4.b32">>(lanes.gather<1>(ids), regs, scope::warp);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(lanes.gather<1>(ids), regs, scope::warp);
#endif
}

} // namespace apply_gather_in_registers
