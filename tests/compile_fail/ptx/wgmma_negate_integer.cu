// Must not compile: tile::negate_a on an integer wgmma (s8), which has no
// scale immediates.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: wgmma: the integer forms (s8, u8) have no scale immediates; drop negate_a / negate_b}}
#include <tirx/tile.hpp>

namespace wgmma_negate_integer {
using namespace tirx;

using TA = signed char;
using TB = signed char;
using TD = int;
constexpr index_t AN = 64;
constexpr TileLayout la =
    wgmma_smem_layout(shape(64, 32), MatrixMajor::k, SwizzleMode::b128, sizeof(TA));
constexpr TileLayout lb =
    wgmma_smem_layout(shape(64, 32), MatrixMajor::k, SwizzleMode::b128, sizeof(TB));
using ATile = Tensor<TA, ShapeT<64, 32>, MemScope::shared_dyn, 1024, layout_type<la>>;
using BTile = Tensor<TB, ShapeT<64, 32>, MemScope::shared_dyn, 1024, layout_type<lb>>;

// CUDA 13's -arch=sm_90a also writes compute_90 PTX, which has no wgmma:
// the body is compiled for sm_90a (and the host) only
__global__ void kernel(float* out) {
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(1024) unsigned char smem[];
  ATile a = decl_tensor<ATile>(reinterpret_cast<TA*>(smem));
  BTile b = decl_tensor<BTile>(reinterpret_cast<TB*>(smem + 8192));
  auto acc = alloc_local<TD, shape(64, AN), wgmma_accumulator_layout(AN)>();
  wgmma_fence();
#ifdef TIRX_FIXED
  tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8">>(acc, a, b, scope::warpgroup);
#else
  tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8">>(acc, a, b, scope::warpgroup,
                                                                       tile::negate_a);
#endif
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  out[threadIdx.x] = static_cast<float>(acc.data()[0]);
#else
  (void)out;
#endif
}

} // namespace wgmma_negate_integer
