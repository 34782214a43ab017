// Must not compile: rows of 2 floats read with a .v4 atom, which would span two gathered rows. With
// -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a gathered operand's atom reaches across gathered rows (Atom elements, RowElements in a row after the indices); an atom must lie within one row: use a narrower vector, or gather rows of at least the atom's elements}}
#include <tirx/tile.hpp>

namespace apply_gather_atom_across_rows {
using namespace tirx;

using Table = GlobalTensor<float, ShapeT<100, 2>, 16>; // rows of 2 floats
using Ids = GlobalTensor<int, ShapeT<32, 2>>;          // 2 rows per lane
constexpr TileLayout rows = layout_of<"S[(32, 2, 2) : (1@laneid, 2, 1)]">;

__global__ void kernel(Table table, Ids ids) {
  auto regs = alloc_local<float, shape(32, 2, 2), rows>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v2.b32">>(regs, table.gather(ids), scope::warp);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(regs, table.gather(ids), scope::warp); // (2 rows, 2)
#endif
}

} // namespace apply_gather_atom_across_rows
