// Must not compile: an MN-major (transposed) e4m3 B; wgmma transposes
// 16-bit operands only, so 8-bit tiles must be K-major.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: wgmma: an MN-major (transposed) operand needs 16-bit types (f16, bf16); 8-bit and tf32 operands must be K-major}}
#include <tirx/tile.hpp>

namespace wgmma_mn_major_fp8 {
using namespace tirx;

#ifdef TIRX_FIXED
using TA = __nv_fp8_e4m3;
using TB = __nv_fp8_e4m3;
using TD = float;
constexpr index_t AN = 64;
constexpr TileLayout la =
    wgmma_smem_layout(shape(64, 32), MatrixMajor::k, SwizzleMode::b128, sizeof(TA));
constexpr TileLayout lb =
    wgmma_smem_layout(shape(64, 32), MatrixMajor::k, SwizzleMode::b128, sizeof(TB));
using ATile = Tensor<TA, ShapeT<64, 32>, MemScope::shared_dyn, 1024, layout_type<la>>;
using BTile = Tensor<TB, ShapeT<64, 32>, MemScope::shared_dyn, 1024, layout_type<lb>>;
#else
using TA = __nv_fp8_e4m3;
using TB = __nv_fp8_e4m3;
using TD = float;
constexpr index_t AN = 64;
constexpr TileLayout la =
    wgmma_smem_layout(shape(64, 32), MatrixMajor::k, SwizzleMode::b128, sizeof(TA));
constexpr TileLayout lb =
    wgmma_smem_layout(shape(64, 32), MatrixMajor::mn, SwizzleMode::b128, sizeof(TB));
using ATile = Tensor<TA, ShapeT<64, 32>, MemScope::shared_dyn, 1024, layout_type<la>>;
using BTile = Tensor<TB, ShapeT<64, 32>, MemScope::shared_dyn, 1024, layout_type<lb>>;
#endif

// CUDA 13's -arch=sm_90a also writes compute_90 PTX, which has no wgmma:
// the body is compiled for sm_90a (and the host) only
__global__ void kernel(float* out) {
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(1024) unsigned char smem[];
  ATile a = decl_tensor<ATile>(reinterpret_cast<TA*>(smem));
  BTile b = decl_tensor<BTile>(reinterpret_cast<TB*>(smem + 8192));
  auto acc = alloc_local<TD, shape(64, AN), wgmma_accumulator_layout(AN)>();
  wgmma_fence();
  tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3">>(acc, a, b,
                                                                           scope::warpgroup);
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  out[threadIdx.x] = static_cast<float>(acc.data()[0]);
#else
  (void)out;
#endif
}

} // namespace wgmma_mn_major_fp8
