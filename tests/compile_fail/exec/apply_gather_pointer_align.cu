// Must not compile: a gathered table of 4-byte align read with .v4: the memory rules hold for
// gathered operands too. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the memory tensor's align is smaller than the vector's bytes; declare it with a larger align (e.g. GlobalTensor<float, Shape, 16> for .v4.b32) or use a narrower vector}}
#include <tirx/tile.hpp>

namespace apply_gather_pointer_align {
using namespace tirx;

#ifdef TIRX_FIXED
using Table = GlobalTensor<float, ShapeT<100, 4>, 16>;
#else
using Table = GlobalTensor<float, ShapeT<100, 4>, 4>;
#endif
using Ids = GlobalTensor<int, ShapeT<3>>;

__global__ void kernel(Table table, Ids ids) {
  auto regs = alloc_local<float, shape(3, 4)>();
  tile::apply<ptx<"ld.global.v4.b32">>(regs, table.gather(ids), scope::thread);
}

} // namespace apply_gather_pointer_align
