// Must not compile: movmatrix's result has the transposed fragment of its
// source (d(i, j) = a(i, j)); a destination with the source's own layout is
// refused.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: movmatrix: d's fragment must be a's with rows and columns exchanged (d(i, j) = a(i, j)); use ldmatrix_fragment_layout(1, true) for d when a has ldmatrix_fragment_layout(1, false)}}
#include <tirx/tile.hpp>

namespace movmatrix_not_transposed {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout d_layout = ldmatrix_fragment_layout(1, true);
#else
constexpr TileLayout d_layout = ldmatrix_fragment_layout(1, false);
#endif

__global__ void kernel(half* out) {
  auto a = alloc_local<half, shape(8, 8), ldmatrix_fragment_layout(1, false)>();
  auto d = alloc_local<half, shape(8, 8), d_layout>();
  a.data()[0] = out[0];
  a.data()[1] = out[1];
  tile::apply<ptx<"movmatrix.sync.aligned.m8n8.trans.b16">>(d, a, scope::warp);
  out[threadIdx.x] = d.data()[0];
}

} // namespace movmatrix_not_transposed
