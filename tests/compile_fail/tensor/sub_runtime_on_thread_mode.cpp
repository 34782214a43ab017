// Must not compile: a run-time row index into the rows (2@warpid, 32@laneid) of a register tile.
// tirx-fail: host nvcc
// expected-error {{tirx::Tensor::sub: a run-time index can only select along memory; this mode is spread over threads, so use a static index c<k> or range<b, e>}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout reg_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

void f(int row) {
  auto regs = alloc_local<float, shape(64, 12), reg_layout>();
  auto bad = regs.sub(row, _);
}
