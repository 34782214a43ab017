// Must not compile: ldmatrix .b16 moves 16-bit elements; a float fragment
// and tile are refused (view the data as half or uint16).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: ldmatrix/stmatrix: operand Operand's element has Got0 bits where the form moves Want0-bit elements (.b16: half, nv_bfloat16, uint16; raw sm_100a forms: uint32 words, 8-bit shared elements); view the tensor as that type}}
#include <tirx/tile.hpp>

namespace ldmatrix_element {
using namespace tirx;

#ifdef TIRX_FIXED
using T = unsigned short;
#else
using T = float;
#endif
using Tile = Tensor<T, ShapeT<8, 8>, MemScope::shared, 16>;

__global__ void kernel(T* out) {
  __shared__ __align__(16) T smem[64];
  Tile tile{smem};
  auto frag = alloc_local<T, shape(8, 8), ldmatrix_fragment_layout(1, false)>();
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x1.shared.b16">>(frag, tile, scope::warp);
  out[threadIdx.x] = frag.data()[0];
}

} // namespace ldmatrix_element
