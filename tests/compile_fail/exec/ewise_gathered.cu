// Must not compile: ewise on a gathered operand (the rows of a table by ids). With -DTIRX_FIXED it
// compiles: the fix, a gathered load into registers first (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::ewise: a gathered operand (tensor.gather(indices)) is moved by tile::apply only; load it into registers with ld (or store the registers with st) and call ewise on the registers}}
#include <tirx/tile.hpp>

namespace ewise_gathered {
using namespace tirx;

using Table = GlobalTensor<float, ShapeT<100, 4>, 16>;
using Ids = GlobalTensor<int, ShapeT<3>>;

__device__ float twice(float x) { return 2.0f * x; }

__global__ void kernel(Table table, Ids ids) {
  auto regs = alloc_local<float, shape(3, 4)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(regs, table.gather(ids), scope::thread);
  tile::ewise(twice, regs, regs, scope::thread);
#else
  tile::ewise(twice, regs, table.gather(ids), scope::thread);
#endif
}

} // namespace ewise_gathered
