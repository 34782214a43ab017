// Must not compile: a register layout whose laneid coordinates reach 127 (a warp has 32 lanes).
// expected-error {{tirx::Tensor: a register tensor's laneid coordinates must lie in 0..31 (a warp has 32 lanes); split the thread mode into (warps, 32), e.g. S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]}}
#include <tirx/tile.hpp>

using namespace tirx;

void f() {
  auto bad = alloc_local<float, shape(128, 4), layout_of<"S[(128, 4) : (1@laneid, 1)]">>();
}
