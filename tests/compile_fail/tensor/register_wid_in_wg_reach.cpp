// Must not compile: a register layout over 8 warps of a warpgroup (a warpgroup has 4).
// expected-error {{tirx::Tensor: a register tensor's wid_in_wg coordinates must lie in 0..3 (a warpgroup has 4 warps); put the further warps on wgid, e.g. (2, 4, 32) : (1@wgid, 1@wid_in_wg, 1@laneid)}}
#include <tirx/tile.hpp>

using namespace tirx;

void f() {
  auto bad = alloc_local<float, shape(8, 32, 2),
                         layout_of<"S[(8, 32, 2) : (1@wid_in_wg, 1@laneid, 1)]">>();
}
