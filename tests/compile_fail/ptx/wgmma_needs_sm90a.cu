// Must not compile for sm_80, nor with -arch=sm_90a or -arch=sm_90: wgmma needs sm_90a, and
// -arch=sm_90a also builds a compute_90 PTX pass without it (tirx-builds: the -gencode form
// alone compiles it). With -DTIRX_FIXED it compiles: the call under #if TIRX_HAS_SM90A (test
// compile_fail.nvcc.fixed, built with -arch=sm_90a).
// tirx-fail: nvcc sm_80 sm_90a sm_90
// tirx-builds: gencode_90a
// expected-error {{tirx::tile::apply: "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16" needs sm_90a, and this device pass lacks its features (it targets another architecture, or it is the compute_90 PTX pass that -arch=sm_90a also builds); compile with -gencode=arch=compute_90a,code=sm_90a, or keep the call under #if TIRX_HAS_SM90A (nvcc's __CUDA_ARCH_FEAT_SM90_ALL; __CUDA_ARCH__ is 900 in both passes)}}
#include <tirx/tile.hpp>

namespace wgmma_needs_sm90a {
using namespace tirx;

using TA = nv_bfloat16;
using TB = nv_bfloat16;
using TD = float;
constexpr index_t AN = 64;
constexpr TileLayout la =
    wgmma_smem_layout(shape(64, 16), MatrixMajor::k, SwizzleMode::b128, sizeof(TA));
constexpr TileLayout lb =
    wgmma_smem_layout(shape(64, 16), MatrixMajor::k, SwizzleMode::b128, sizeof(TB));
using ATile = Tensor<TA, ShapeT<64, 16>, MemScope::shared_dyn, 1024, layout_type<la>>;
using BTile = Tensor<TB, ShapeT<64, 16>, MemScope::shared_dyn, 1024, layout_type<lb>>;

__global__ void kernel(float* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  ATile a = decl_tensor<ATile>(reinterpret_cast<TA*>(smem));
  BTile b = decl_tensor<BTile>(reinterpret_cast<TB*>(smem + 8192));
  auto acc = alloc_local<TD, shape(64, AN), wgmma_accumulator_layout(AN)>();
  wgmma_fence();
#if !defined(TIRX_FIXED) || TIRX_HAS_SM90A
  tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">>(acc, a, b,
                                                                           scope::warpgroup);
#endif
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  out[threadIdx.x] = static_cast<float>(acc.data()[0]);
}

} // namespace wgmma_needs_sm90a
