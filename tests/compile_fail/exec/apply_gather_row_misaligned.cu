// Must not compile: rows of 4 floats padded to 6: row 1 starts 24 bytes in, off the 16-byte vector.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a gathered row starts at index x row stride, which is no multiple of the atom's bytes (RowStrideBytes, VectorBytes below); pad the table's rows to a multiple of the vector or use a narrower vector}}
#include <tirx/tile.hpp>

namespace apply_gather_row_misaligned {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout padded = layout_of<"S[(100, 4) : (8, 1)]">; // rows padded to 8
#else
constexpr TileLayout padded = layout_of<"S[(100, 4) : (6, 1)]">;
#endif
using Table = Tensor<float, ShapeT<100, 4>, MemScope::global, 16, layout_type<padded>>;
using Ids = GlobalTensor<int, ShapeT<3>>;

__global__ void kernel(Table table, Ids ids) {
  auto regs = alloc_local<float, shape(3, 4)>();
  tile::apply<ptx<"ld.global.v4.b32">>(regs, table.gather(ids), scope::thread);
}

} // namespace apply_gather_row_misaligned
