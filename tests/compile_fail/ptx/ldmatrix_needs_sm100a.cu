// Must not compile for sm_90a: ldmatrix m16n16 .b8 exists on sm_100a only;
// tirx refuses the form itself instead of leaving it to ptxas.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// tirx-fail: nvcc sm_90a sm_90 gencode_90a sm_100a
// tirx-builds: gencode_100a
// expected-error {{tirx::tile::apply: "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8" needs sm_100a, and this device pass lacks its features (it targets another architecture, or it is the compute_100 PTX pass that -arch=sm_100a also builds); compile with -gencode=arch=compute_100a,code=sm_100a, or keep the call under #if TIRX_HAS_SM100A (nvcc's __CUDA_ARCH_FEAT_SM100_ALL; __CUDA_ARCH__ is 1000 in both passes)}}
#include <tirx/tile.hpp>

namespace ldmatrix_needs_sm100a {
using namespace tirx;

using Tile = Tensor<unsigned char, ShapeT<16, 16>, MemScope::shared, 16>;

__global__ void kernel(unsigned* out) {
  __shared__ __align__(16) unsigned char smem[256];
  Tile tile{smem};
  auto words = alloc_local<unsigned, shape(32, 2), S({32, 2}, {1 * laneid, 1})>();
#if !defined(TIRX_FIXED) || TIRX_HAS_SM100A
  tile::apply<ptx<"ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8">>(words, tile, scope::warp);
#endif
  out[threadIdx.x] = words.data()[0];
}

} // namespace ldmatrix_needs_sm100a
