// Expected to fail (nvcc): at cta scope the register tile's group modes must
// lie on warpid and laneid; this layout names the threads by tx instead.
// expected-error-re {{tirx::tile::apply: a register operand's group modes must be the scope's thread axes}}
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:error-group-axes]
constexpr TileLayout by_tx = layout_of<"S[(2, 32, 4) : (32@tx, 1@tx, 1)]">;

__global__ void load(GlobalTensor<float, ShapeT<2, 32, 4>, 16> A) {
  auto registers = alloc_local<float, shape(2, 32, 4), by_tx>(); // tx, not (warpid, laneid)
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
}
// [/snippet]
