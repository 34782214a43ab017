// Must not compile for sm_90a: ldmatrix m16n16 .b8 exists on sm_100a only;
// tirx refuses the form itself instead of leaving it to ptxas.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8" needs sm_100a or newer, and this device compilation targets an older architecture; compile it for sm_100a (e.g. -gencode=arch=compute_NN,code=sm_NN), or keep the call out of older targets with #if __CUDA_ARCH__}}
#include <tirx/tile.hpp>

namespace ldmatrix_needs_sm100a {
using namespace tirx;

using Tile = Tensor<unsigned char, ShapeT<16, 16>, MemScope::shared, 16>;

__global__ void kernel(unsigned* out) {
  __shared__ __align__(16) unsigned char smem[256];
  Tile tile{smem};
  auto words = alloc_local<unsigned, shape(32, 2), S({32, 2}, {1 * laneid, 1})>();
#if !defined(TIRX_FIXED) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  tile::apply<ptx<"ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8">>(words, tile, scope::warp);
#endif
  out[threadIdx.x] = words.data()[0];
}

} // namespace ldmatrix_needs_sm100a
