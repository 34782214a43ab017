// Must not compile: rows 16..47 of the (2@warpid, 32@laneid) rows of a register tile.
// expected-error {{tirx::Tensor::sub: this range cannot be expressed with the layout's iters (it must cover whole inner iters without wrapping); pick an aligned range}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout reg_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

void f() {
  auto regs = alloc_local<float, shape(64, 12), reg_layout>();
  auto bad = regs.sub(range<16, 48>, _);
}
