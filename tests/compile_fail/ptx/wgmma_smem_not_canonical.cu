// Must not compile: A in a plain row-major, unswizzled shared layout, which
// is none of the canonical matrix layouts a descriptor can describe.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: wgmma: a shared operand's layout is not a canonical matrix layout (8-row swizzle atoms or 8 x 16-byte cores; Got0 the SmemMatrix::Error); build it with wgmma_smem_layout or a TMA box of one swizzle row}}
#include <tirx/tile.hpp>

namespace wgmma_smem_not_canonical {
using namespace tirx;

#ifdef TIRX_FIXED
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
#else
using TA = nv_bfloat16;
using TB = nv_bfloat16;
using TD = float;
constexpr index_t AN = 64;
constexpr TileLayout la = row_major(shape(64, 16));
constexpr TileLayout lb =
    wgmma_smem_layout(shape(64, 16), MatrixMajor::k, SwizzleMode::b128, sizeof(TB));
using ATile = Tensor<TA, ShapeT<64, 16>, MemScope::shared_dyn, 1024, layout_type<la>>;
using BTile = Tensor<TB, ShapeT<64, 16>, MemScope::shared_dyn, 1024, layout_type<lb>>;
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
  tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">>(acc, a, b,
                                                                           scope::warpgroup);
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  out[threadIdx.x] = static_cast<float>(acc.data()[0]);
#else
  (void)out;
#endif
}

} // namespace wgmma_smem_not_canonical
