// The code of docs/matrix.md. Each region between `// [snippet:NAME]` and
// `// [/snippet]` is shown verbatim in the guide; tests/tools/check_doc_snippets.py
// keeps the two in sync. Built for sm_80 and sm_90a; `ctest -L gpu` runs
// each kernel and checks it against a host GEMM on small integers (exact);
// the stmatrix kernel needs sm_90, the wgmma kernel sm_90a (they report SKIP
// elsewhere); exit 77 without a GPU.
#include <tirx/tile.hpp>

#include <tirx/host/cuda_check.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdio>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:mma-tile]
// One warp: D (16 x 8) = A (16 x 16) B (16 x 8), f16 in and out. A is
// row-major in shared memory, B row-major K x N (so its (N, K) view is
// column-major); ldmatrix loads both straight into mma.sync's fragments,
// stmatrix stores D back (sm_90).
using ATile = Tensor<half, ShapeT<16, 16>, MemScope::shared, 16>;
using BTile = Tensor<half, ShapeT<8, 16>, MemScope::shared, 16, layout_type<S({8, 16}, {1, 8})>>;
using DTile = Tensor<half, ShapeT<16, 8>, MemScope::shared, 16>;

__global__ void mma_tile(const half* A, const half* B, half* D) { // launch with 32 threads
  __shared__ __align__(16) half sa[16 * 16], sb[16 * 8];
  for (int i = threadIdx.x; i < 16 * 16; i += 32)
    sa[i] = A[i];
  for (int i = threadIdx.x; i < 16 * 8; i += 32)
    sb[i] = B[i];
  __syncwarp();
  auto a = alloc_local<half, shape(16, 16), mma_a_fragment_layout(2, 16)>();
  auto b = alloc_local<half, shape(8, 16), mma_b_fragment_layout(2, 16)>();
  auto d = alloc_local<half, shape(16, 8), mma_c_fragment_layout()>();
  coord_map([](half, int, int) { return __float2half(0.0f); }, d); // C = 0, whatever lane holds it
  // four 8 x 8 matrices: (0, 0), (8, 0), (0, 8), (8, 8) of A
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x4.shared.b16">>(a, ATile{sa}, scope::warp);
  // B's rows of 8 n values are contiguous: .trans hands lane l column l/4
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16">>(b, BTile{sb}, scope::warp);
  tile::apply<ptx<"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16">>(d, a, b, d, scope::warp);
#if __CUDA_ARCH__ >= 900
  __shared__ __align__(16) half sd[16 * 8];
  tile::apply<ptx<"stmatrix.sync.aligned.m8n8.x2.shared.b16">>(DTile{sd}, d, scope::warp);
  __syncwarp();
  for (int i = threadIdx.x; i < 16 * 8; i += 32)
    D[i] = sd[i];
#else
  (void)D;
#endif
}
// [/snippet]

// [snippet:wgmma-tile]
// One warpgroup: D (64 x 64, f32) = A (64 x 64) B^T, bf16, A and B K-major
// in 128-byte swizzled shared tiles (one 128-byte row per M or N row). Four
// wgmmas of K = 16 each read a k slice of the same tiles; tirx builds each
// slice's descriptor from its layout.
constexpr TileLayout stage = wgmma_smem_layout(shape(64, 64), MatrixMajor::k, SwizzleMode::b128, 2);
using Stage = Tensor<nv_bfloat16, ShapeT<64, 64>, MemScope::shared_dyn, 1024, layout_type<stage>>;
using Wgmma = ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">;

template <int K, class Acc> __device__ void k_step(Acc& acc, Stage a, Stage b) {
  tile::apply<Wgmma>(acc, a.sub(_, range<16 * K, 16 * K + 16>),
                     b.sub(_, range<16 * K, 16 * K + 16>), scope::warpgroup,
                     tile::accumulate(K > 0)); // the first step overwrites
}

// A: 64 x 64 row-major (M x K); B: 64 x 64 row-major (N x K); D: 64 x 64
__global__ void wgmma_tile(const nv_bfloat16* A, const nv_bfloat16* B, float* D) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // launch with 128 threads, 16 KiB dynamic shared memory
  extern __shared__ __align__(1024) unsigned char smem[];
  Stage a = decl_tensor<Stage>(reinterpret_cast<nv_bfloat16*>(smem));
  Stage b = decl_tensor<Stage>(reinterpret_cast<nv_bfloat16*>(smem + 8192));
  for (int i = threadIdx.x; i < 64 * 64; i += 128) {
    a(i / 64, i % 64) = A[i];
    b(i / 64, i % 64) = B[i];
  }
  fence_proxy_async_shared(); // generic writes to shared memory, then async (wgmma) reads
  __syncthreads();
  auto acc = alloc_wgmma_accumulator<float, 64>();
  wgmma_fence();
  k_step<0>(acc, a, b);
  k_step<1>(acc, a, b);
  k_step<2>(acc, a, b);
  k_step<3>(acc, a, b);
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  // element (r, c) of the accumulator to D[r * 64 + c], wherever it lies in the registers:
  // each thread's pairs of neighbouring columns as one 8-byte store
  store_fragment(acc, D, 64, 0, 0, 64, 64);
#else
  (void)A, (void)B, (void)D;
#endif
}
// [/snippet]

namespace {

int failures = 0;

void run_mma_tile(std::mt19937& rng, int sm) {
  std::uniform_int_distribution<int> dv(-3, 3);
  std::vector<int> ia(256), ib(128);
  std::vector<half> ha(256), hb(128), hd(128);
  for (int i = 0; i < 256; ++i)
    ha[i] = __float2half(static_cast<float>(ia[i] = dv(rng)));
  for (int i = 0; i < 128; ++i)
    hb[i] = __float2half(static_cast<float>(ib[i] = dv(rng)));
  half *ga, *gb, *gd;
  TIRX_CHECK_CUDA(cudaMalloc(&ga, 512));
  TIRX_CHECK_CUDA(cudaMalloc(&gb, 256));
  TIRX_CHECK_CUDA(cudaMalloc(&gd, 256));
  TIRX_CHECK_CUDA(cudaMemcpy(ga, ha.data(), 512, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gb, hb.data(), 256, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(gd, 0x7b, 256)); // poison
  mma_tile<<<1, 32>>>(ga, gb, gd);
  TIRX_CHECK_LAUNCH("mma_tile");
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), gd, 256, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; sm >= 90 && i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      int ref = 0;
      for (int k = 0; k < 16; ++k)
        ref += ia[i * 16 + k] * ib[k * 8 + j];
      if (__half2float(hd[i * 8 + j]) != static_cast<float>(ref) && bad++ < 3)
        std::printf("  mma_tile: D(%d, %d) = %g, want %d\n", i, j, __half2float(hd[i * 8 + j]),
                    ref);
    }
  std::printf("mma_tile (ldmatrix, mma.sync, stmatrix): %s\n", sm < 90
                                                                   ? "SKIP (stmatrix needs sm_90)"
                                                               : bad ? "FAILED"
                                                                     : "ok");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(ga));
  TIRX_CHECK_CUDA(cudaFree(gb));
  TIRX_CHECK_CUDA(cudaFree(gd));
}

void run_wgmma_tile(std::mt19937& rng, int sm) {
  if (sm != 90) {
    std::printf("wgmma_tile: SKIP (wgmma needs sm_90a)\n");
    return;
  }
  std::uniform_int_distribution<int> dv(-3, 3);
  std::vector<int> ia(4096), ib(4096);
  std::vector<nv_bfloat16> ha(4096), hb(4096);
  std::vector<float> hd(4096);
  for (int i = 0; i < 4096; ++i) {
    ha[i] = __float2bfloat16(static_cast<float>(ia[i] = dv(rng)));
    hb[i] = __float2bfloat16(static_cast<float>(ib[i] = dv(rng)));
  }
  nv_bfloat16 *ga, *gb;
  float* gd;
  TIRX_CHECK_CUDA(cudaMalloc(&ga, 8192));
  TIRX_CHECK_CUDA(cudaMalloc(&gb, 8192));
  TIRX_CHECK_CUDA(cudaMalloc(&gd, 16384));
  TIRX_CHECK_CUDA(cudaMemcpy(ga, ha.data(), 8192, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gb, hb.data(), 8192, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(gd, 0x7b, 16384));
  wgmma_tile<<<1, 128, 16384>>>(ga, gb, gd);
  TIRX_CHECK_LAUNCH("wgmma_tile");
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), gd, 16384, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j) {
      int ref = 0;
      for (int k = 0; k < 64; ++k)
        ref += ia[i * 64 + k] * ib[j * 64 + k];
      if (hd[i * 64 + j] != static_cast<float>(ref) && bad++ < 3)
        std::printf("  wgmma_tile: D(%d, %d) = %g, want %d\n", i, j, hd[i * 64 + j], ref);
    }
  std::printf("wgmma_tile (m64n64k16 x 4, 128B swizzle): %s\n", bad ? "FAILED" : "ok");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(ga));
  TIRX_CHECK_CUDA(cudaFree(gb));
  TIRX_CHECK_CUDA(cudaFree(gd));
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  const int sm = prop.major * 10 + prop.minor;
  std::mt19937 rng(20261201u);
  run_mma_tile(rng, sm);
  run_wgmma_tile(rng, sm);
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
