// Expected to fail (nvcc): add.rn.f16x2 works on 32-bit carriers of two
// halves; a tensor of half (16 bits) has the wrong width.
// expected-error-re {{tirx::tile::apply: dtype width must match the instruction}}
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:error-packed-width]
constexpr TileLayout pairs = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void twice(GlobalTensor<half, ShapeT<2, 32, 4>, 8> A) {
  auto h = alloc_local<half, shape(2, 32, 4), pairs>();
  tile::apply<ptx<"ld.global.v4.b16">>(h, A, scope::cta);
  tile::apply<ptx<"add.rn.f16x2">>(h, h, h, scope::cta); // needs h.view<uint32>()
}
// [/snippet]
