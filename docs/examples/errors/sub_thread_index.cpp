// Expected to fail: a run-time index on a mode that is spread over threads.
// expected-error-re {{tirx::Tensor::sub: a run-time index can only select along memory}}
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:error-sub-thread]
void f(int lane) {
  constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
  auto registers = alloc_local<float, shape(32, 4), reg>();
  auto row = registers.sub(lane, _); // lane is a thread coordinate, not an address
}
// [/snippet]
