// Must not compile: the fragment's layout gives lane l the elements l and
// l + 32, which is no 8 x 8 ldmatrix matrix (lane l holds row l/4,
// columns 2(l%4) and + 1).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: ldmatrix/stmatrix: the fragment's layout is not Want0 8 x 8 matrices of ldmatrix (lane l holding row l/4, columns 2(l%4), +1 of each; Got0 the MatrixFragment::Error); use ldmatrix_fragment_layout(count, trans) or an mma fragment}}
#include <tirx/tile.hpp>

namespace ldmatrix_not_fragment {
using namespace tirx;

using Tile = Tensor<half, ShapeT<8, 8>, MemScope::shared, 16>;
#ifdef TIRX_FIXED
constexpr TileLayout frag_layout = ldmatrix_fragment_layout(1, false);
#else
constexpr TileLayout frag_layout = layout_of<"S[(2, 32) : (1, 1@laneid)]">;
#endif

__global__ void kernel(half* out) {
  __shared__ __align__(16) half smem[64];
  Tile tile{smem};
  auto frag = alloc_local<half, shape(8, 8), frag_layout>();
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x1.shared.b16">>(frag, tile, scope::warp);
  out[threadIdx.x] = frag.data()[0];
}

} // namespace ldmatrix_not_fragment
