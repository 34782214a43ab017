// Must not compile: the shared tile's rows are 12 elements (24 bytes) apart,
// so rows 1, 3, ... do not start on 16 bytes; ldmatrix reads each row
// of a matrix as one aligned 16-byte line.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: ldmatrix/stmatrix: each line of 8 elements the instruction moves must be one 16-byte row of the shared tile (contiguous, starting on a multiple of 8 elements); pad or swizzle by 16-byte chunks, or use .trans for a tile whose other mode is contiguous}}
#include <tirx/tile.hpp>

namespace ldmatrix_rows {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr index_t pitch = 16;
#else
constexpr index_t pitch = 12;
#endif
using Tile = Tensor<half, ShapeT<8, 8>, MemScope::shared, 16, layout_type<S({8, 8}, {pitch, 1})>>;

__global__ void kernel(half* out) {
  __shared__ __align__(16) half smem[8 * 16];
  Tile tile{smem};
  auto frag = alloc_local<half, shape(8, 8), ldmatrix_fragment_layout(1, false)>();
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x1.shared.b16">>(frag, tile, scope::warp);
  out[threadIdx.x] = frag.data()[0];
}

} // namespace ldmatrix_rows
