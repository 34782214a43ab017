// Compiled, not run (ctest debug_checks_shape, label host; check_debug_shape.cmake):
// wgmma kernels built with tirx's debug checks on, which must keep the shape
// of their NDEBUG build: ptxas may not serialize their wgmmas (C7510: a call,
// printf's included; C7520: a branch to a trap between two wgmmas) nor
// inject a warpgroup.arrive (C7519), and no kernel may get a stack frame.
// The kernels: the Hopper GEMM's fast path (gemm_bf16_tn, its default
// configuration: TMA, the barrier ring, the scheduler, the TMA store) and one
// warpgroup's four wgmmas through tile::apply on shared tiles from
// decl_tensor.
#undef NDEBUG
#define TIRX_DEBUG_CHECKS 1

#include "../../kernels/gemm/gemm_sm90.cuh"

#include <tirx/tile.hpp>

#include <cuda_bf16.h>

template cudaError_t tirx_kernels::gemm_bf16_tn<>(const __nv_bfloat16*, const __nv_bfloat16*,
                                                  __nv_bfloat16*, int, int, int, cudaStream_t);

namespace {

using namespace tirx;

constexpr TileLayout stage = wgmma_smem_layout(shape(64, 64), MatrixMajor::k, SwizzleMode::b128, 2);
using Stage = Tensor<nv_bfloat16, ShapeT<64, 64>, MemScope::shared_dyn, 1024, layout_type<stage>>;
using Wgmma = ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">;

template <int K, class Acc> __device__ void k_step(Acc& acc, Stage a, Stage b) {
  tile::apply<Wgmma>(acc, a.sub(_, range<16 * K, 16 * K + 16>),
                     b.sub(_, range<16 * K, 16 * K + 16>), scope::warpgroup,
                     tile::accumulate(K > 0));
}

} // namespace

/// D (64 x 64) = A B^T from 64 x 64 bf16 tiles (128 threads, 16 KiB of dynamic shared memory).
__global__ void wgmma_tile(const nv_bfloat16* A, const nv_bfloat16* B, float* D) {
  extern __shared__ __align__(1024) unsigned char smem[];
  Stage a = decl_tensor<Stage>(reinterpret_cast<nv_bfloat16*>(smem));
  Stage b = decl_tensor<Stage>(reinterpret_cast<nv_bfloat16*>(smem + 8192));
  for (int i = threadIdx.x; i < 64 * 64; i += 128) {
    a(i / 64, i % 64) = A[i];
    b(i / 64, i % 64) = B[i];
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  auto acc = alloc_wgmma_accumulator<float, 64>();
  wgmma_fence();
  k_step<0>(acc, a, b);
  k_step<1>(acc, a, b);
  k_step<2>(acc, a, b);
  k_step<3>(acc, a, b);
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  for (int r = 0; r < 32; ++r)
    D[threadIdx.x * 32 + r] = acc.data()[r];
}
