// Must not compile: shfl.sync's d|p form with a 32-bit tensor as p; the
// predicate destination is a bool register tensor.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: this form writes a second destination right after the first (setp's p|q, shfl.sync's d|p, match.all's, elect.sync's): pass a register tensor of bool there (alloc_local<bool, ...>), shaped like the destination}}
#include <tirx/tile.hpp>

namespace shfl_pred_dst {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(unsigned* out) {
  auto values = alloc_local<unsigned, shape(32, 2), reg>();
  tile::ewise([] { return 1u; }, values, scope::warp);
#ifdef TIRX_FIXED
  auto in_range = alloc_local<bool, shape(32, 2), reg>();
#else
  auto in_range = alloc_local<unsigned, shape(32, 2), reg>();
#endif
  tile::apply<ptx<"shfl.sync.down.b32">>(values, in_range, values, 1u, 0x1fu, 0xffffffffu,
                                         scope::warp);
  out[threadIdx.x] = values.data()[0] + in_range.data()[1];
}

} // namespace shfl_pred_dst
