// Must not compile: a register layout over 256 threads of a warpgroup (a warpgroup has 128).
// expected-error {{tirx::Tensor: a register tensor's tid_in_wg coordinates must lie in 0..127 (a warpgroup has 128 threads); put the further threads on wgid, e.g. (2, 128) : (1@wgid, 1@tid_in_wg)}}
#include <tirx/tile.hpp>

using namespace tirx;

void f() {
  auto bad = alloc_local<float, shape(256, 2), layout_of<"S[(256, 2) : (1@tid_in_wg, 1)]">>();
}
