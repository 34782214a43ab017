// Must not compile: ldmatrix at warpgroup scope; a warp loads its fragment
// together, at scope::warp.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: this instruction is issued by one warp together (32 lanes, Threads below): call it at scope::warp, from every lane}}
#include <tirx/tile.hpp>

namespace ldmatrix_scope {
using namespace tirx;

using Tile = Tensor<half, ShapeT<8, 8>, MemScope::shared, 16>;

__global__ void kernel(half* out) {
  __shared__ __align__(16) half smem[64];
  Tile tile{smem};
  auto frag = alloc_local<half, shape(8, 8), ldmatrix_fragment_layout(1, false)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x1.shared.b16">>(frag, tile, scope::warp);
#else
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x1.shared.b16">>(frag, tile, scope::warpgroup);
#endif
  out[threadIdx.x] = frag.data()[0];
}

} // namespace ldmatrix_scope
