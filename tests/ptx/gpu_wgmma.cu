// GPU test of wgmma.mma_async through tile::apply (label gpu, sm_90a):
// one warpgroup computes D = A B (+ D) over several k steps for type
// combinations (bf16, f16 into f32 and f16, tf32, e4m3/e5m2, s8/u8 into
// s32), N from 8 to 256, shared tiles in every canonical layout (128-,
// 64-, 32-byte swizzles and the interleaved form; K-major and, for 16-bit
// types, MN-major), A from shared memory or from registers, with
// tile::accumulate off on the first step and negate_a. Inputs are small
// seeded random integers, so every product and sum is exact in every type:
// each element is compared bit for bit (as a value) with a host GEMM.
// Outputs are poisoned first. Exit 0: all passed; 1: a case failed; 77: no
// GPU or not sm_90 (ctest: skipped).
#include "gpu_check.hpp"
#include "support/spelling_tag.hpp"

#include <tirx/tile.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using namespace tirx;

constexpr int steps = 4; // k steps per case

template <class T> T from_int(int v) {
  if constexpr (std::is_same_v<T, half>)
    return __float2half(static_cast<float>(v));
  else if constexpr (std::is_same_v<T, nv_bfloat16>)
    return __float2bfloat16(static_cast<float>(v));
  else if constexpr (std::is_same_v<T, __nv_fp8_e4m3> || std::is_same_v<T, __nv_fp8_e5m2>)
    return T(static_cast<float>(v));
  else
    return static_cast<T>(v);
}

/// One case: spelling S, element types, N, K of one instruction, the shared
/// layouts of A (64, K * steps) and B (N, K * steps) as whole stage tiles.
// nvcc's host stub of a __global__ template cannot spell a fixed_string
// argument: kernels name their spelling by a tag type, ptx<...> is formed
// in device code
using tirx_test::instr_of; // kernels name their spelling by a tag (spelling_tag.hpp)

template <class TA, class TB, int N, int K, MatrixMajor AMaj, SwizzleMode AMode, MatrixMajor BMaj,
          SwizzleMode BMode>
struct Spec {
  static constexpr int kt = K * steps;
  static constexpr TileLayout la =
      wgmma_smem_layout(shape(64, K), AMaj, AMode, static_cast<int>(sizeof(TA)));
  static constexpr TileLayout lb =
      wgmma_smem_layout(shape(N, K), BMaj, BMode, static_cast<int>(sizeof(TB)));
  static constexpr index_t a_elems = span(la), b_elems = span(lb);
};

template <class Sp, class Tag, class TA, class TB, class TD, int N, int K, bool RegA, bool Negate>
__global__ void wgmma_case(const TA* a, const TB* b, TD* d) {
  using I = instr_of<Tag>;
  extern __shared__ __align__(1024) unsigned char smem[];
  // one (64, K) A tile and one (N, K) B tile per step, each 1024-aligned
  constexpr index_t a_bytes = (Sp::a_elems * sizeof(TA) + 1023) / 1024 * 1024;
  constexpr index_t b_bytes = (Sp::b_elems * sizeof(TB) + 1023) / 1024 * 1024;
  using ATile = Tensor<TA, ShapeT<64, K>, MemScope::shared_dyn, 1024, layout_type<Sp::la>>;
  using BTile = Tensor<TB, ShapeT<N, K>, MemScope::shared_dyn, 1024, layout_type<Sp::lb>>;
  for (int s = 0; s < steps; ++s) {
    ATile as = decl_tensor<ATile>(reinterpret_cast<TA*>(smem + s * (a_bytes + b_bytes)));
    BTile bs = decl_tensor<BTile>(reinterpret_cast<TB*>(smem + s * (a_bytes + b_bytes) + a_bytes));
    for (int i = threadIdx.x; i < 64 * K; i += blockDim.x)
      as(i / K, i % K) = a[(i / K) * Sp::kt + s * K + i % K];
    for (int i = threadIdx.x; i < N * K; i += blockDim.x)
      bs(i / K, i % K) = b[(i / K) * Sp::kt + s * K + i % K];
  }
  // generic-proxy writes, async-proxy reads
  fence_proxy_async_shared();
  __syncthreads();
  auto acc = alloc_wgmma_accumulator<TD, N>();
  wgmma_fence();
  for (int s = 0; s < steps; ++s) {
    ATile as = decl_tensor<ATile>(reinterpret_cast<TA*>(smem + s * (a_bytes + b_bytes)));
    BTile bs = decl_tensor<BTile>(reinterpret_cast<TB*>(smem + s * (a_bytes + b_bytes) + a_bytes));
    if constexpr (RegA) {
      auto af = alloc_local<TA, shape(64, K), wgmma_a_fragment_layout(sizeof(TA))>();
      // each thread loads the A elements it holds (row, col from the layout)
      constexpr TileLayout fl = wgmma_a_fragment_layout(sizeof(TA));
      const int w = threadIdx.x / 32 % 4, l = threadIdx.x % 32;
      for (int e = 0; e < 64 * K; ++e) {
        const Coord c = apply(fl, e);
        if (c[Axis{5}] == w && c[Axis{1}] == l)
          af.data()[c[Axis{0}]] = as(e / K, e % K);
      }
      wgmma_fence();
      if constexpr (Negate)
        tile::apply<I>(acc, af, bs, scope::warpgroup, tile::accumulate(s > 0), tile::negate_a);
      else
        tile::apply<I>(acc, af, bs, scope::warpgroup, tile::accumulate(s > 0));
      wgmma_commit_group();
      wgmma_wait_group<0>(acc, af);
    } else {
      if constexpr (Negate)
        tile::apply<I>(acc, as, bs, scope::warpgroup, tile::accumulate(s > 0), tile::negate_a);
      else
        tile::apply<I>(acc, as, bs, scope::warpgroup, tile::accumulate(s > 0));
      wgmma_commit_group();
    }
  }
  wgmma_wait_group<0>(acc);
  const int t = threadIdx.x % 128, w = t / 32, l = t % 32;
  for (int r = 0; r < N / 2; ++r) {
    const int row = 16 * w + l / 4 + 8 * ((r / 2) % 2), col = 8 * (r / 4) + 2 * (l % 4) + r % 2;
    d[row * N + col] = acc.data()[r];
  }
}

template <class T> double value_of(T v) {
  if constexpr (std::is_same_v<T, half>)
    return __half2float(v);
  else if constexpr (std::is_same_v<T, nv_bfloat16>)
    return __bfloat162float(v);
  else if constexpr (std::is_same_v<T, __nv_fp8_e4m3> || std::is_same_v<T, __nv_fp8_e5m2>)
    return static_cast<float>(v);
  else
    return static_cast<double>(v);
}

int failures = 0;

TIRX_SPELLING(W0, "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16");
TIRX_SPELLING(W1, "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16");
TIRX_SPELLING(W2, "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
TIRX_SPELLING(W3, "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16");
TIRX_SPELLING(W4, "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
TIRX_SPELLING(W5, "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16");
TIRX_SPELLING(W6, "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16");
TIRX_SPELLING(W7, "wgmma.mma_async.sync.aligned.m64n136k16.f32.bf16.bf16");
TIRX_SPELLING(W8, "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
TIRX_SPELLING(W9, "wgmma.mma_async.sync.aligned.m64n96k16.f32.f16.f16");
TIRX_SPELLING(W10, "wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16");
TIRX_SPELLING(W11, "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32");
TIRX_SPELLING(W12, "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32");
TIRX_SPELLING(W13, "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3");
TIRX_SPELLING(W14, "wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e4m3");
TIRX_SPELLING(W15, "wgmma.mma_async.sync.aligned.m64n64k32.f16.e4m3.e5m2");
TIRX_SPELLING(W16, "wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8");
TIRX_SPELLING(W17, "wgmma.mma_async.sync.aligned.m64n48k32.s32.u8.s8");
TIRX_SPELLING(W18, "wgmma.mma_async.sync.aligned.m64n24k32.satfinite.s32.s8.u8");

template <class Tag, class TA, class TB, class TD, int N, int K, MatrixMajor AMaj,
          SwizzleMode AMode, MatrixMajor BMaj, SwizzleMode BMode, bool RegA = false,
          bool Negate = false>
void run_case(std::mt19937& rng) {
  using Sp = Spec<TA, TB, N, K, AMaj, AMode, BMaj, BMode>;
  const char* name = Tag::text;
  constexpr int kt = Sp::kt;
  const bool unsigned_a = std::is_same_v<TA, unsigned char>;
  const bool unsigned_b = std::is_same_v<TB, unsigned char>;
  std::uniform_int_distribution<int> da(unsigned_a ? 0 : -3, 3), db(unsigned_b ? 0 : -3, 3);
  std::vector<int> ia(64 * kt), ib(N * kt);
  for (int& x : ia)
    x = da(rng);
  for (int& x : ib)
    x = db(rng);
  std::vector<TA> ha(ia.size());
  std::vector<TB> hb(ib.size());
  for (size_t i = 0; i < ia.size(); ++i)
    ha[i] = from_int<TA>(ia[i]);
  for (size_t i = 0; i < ib.size(); ++i)
    hb[i] = from_int<TB>(ib[i]);
  TA* ga;
  TB* gb;
  TD* gd;
  TIRX_CHECK_CUDA(cudaMalloc(&ga, ha.size() * sizeof(TA)));
  TIRX_CHECK_CUDA(cudaMalloc(&gb, hb.size() * sizeof(TB)));
  TIRX_CHECK_CUDA(cudaMalloc(&gd, 64 * N * sizeof(TD)));
  TIRX_CHECK_CUDA(cudaMemcpy(ga, ha.data(), ha.size() * sizeof(TA), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gb, hb.data(), hb.size() * sizeof(TB), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(gd, 0x7b, 64 * N * sizeof(TD))); // poison
  constexpr size_t a_bytes = (Sp::a_elems * sizeof(TA) + 1023) / 1024 * 1024;
  constexpr size_t b_bytes = (Sp::b_elems * sizeof(TB) + 1023) / 1024 * 1024;
  constexpr size_t smem = steps * (a_bytes + b_bytes);
  auto kernel = wgmma_case<Sp, Tag, TA, TB, TD, N, K, RegA, Negate>;
  TIRX_CHECK_CUDA(
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  kernel<<<1, 128, smem>>>(ga, gb, gd);
  TIRX_CHECK_LAUNCH(name);
  std::vector<TD> hd(64 * N);
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), gd, hd.size() * sizeof(TD), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) {
      long long ref = 0;
      for (int k = 0; k < kt; ++k)
        ref += static_cast<long long>(ia[i * kt + k]) * ib[j * kt + k];
      if (Negate)
        ref = -ref;
      const double got = value_of(hd[i * N + j]);
      if (got != static_cast<double>(ref) && bad++ < 3)
        std::printf("  %s: D(%d, %d) = %g, want %lld\n", name, i, j, got, ref);
    }
  std::printf("%-60s A %s%s/%d B %s/%d %s: %s\n", name, AMaj == MatrixMajor::k ? "K" : "MN",
              RegA ? " regs" : "", static_cast<int>(AMode), BMaj == MatrixMajor::k ? "K" : "MN",
              static_cast<int>(BMode), Negate ? "negated" : "", bad ? "FAILED" : "ok");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(ga));
  TIRX_CHECK_CUDA(cudaFree(gb));
  TIRX_CHECK_CUDA(cudaFree(gd));
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("wgmma needs sm_90 (this GPU: sm_%d%d): skipped\n", prop.major, prop.minor);
    return 77;
  }
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 20261201u;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  using K = MatrixMajor;
  using M = SwizzleMode;
  constexpr K km = K::k, mn = K::mn;
  // bf16 into f32: every swizzle for A and B, both majors, several N
  run_case<W0, nv_bfloat16, nv_bfloat16, float, 256, 16, km, M::b128, km, M::b128>(rng);
  run_case<W1, nv_bfloat16, nv_bfloat16, float, 128, 16, km, M::b64, km, M::b32>(rng);
  run_case<W2, nv_bfloat16, nv_bfloat16, float, 64, 16, km, M::none, km, M::none>(rng);
  run_case<W3, nv_bfloat16, nv_bfloat16, float, 128, 16, mn, M::b128, mn, M::b128>(rng);
  run_case<W4, nv_bfloat16, nv_bfloat16, float, 64, 16, mn, M::b64, mn, M::b32>(rng);
  run_case<W5, nv_bfloat16, nv_bfloat16, float, 32, 16, mn, M::none, mn, M::none>(rng);
  run_case<W6, nv_bfloat16, nv_bfloat16, float, 8, 16, km, M::b128, km, M::none>(rng);
  run_case<W7, nv_bfloat16, nv_bfloat16, float, 136, 16, km, M::b128, km, M::b32, false, true>(rng);
  // A from registers
  run_case<W8, nv_bfloat16, nv_bfloat16, float, 64, 16, km, M::b128, km, M::b128, true>(rng);
  run_case<W9, half, half, float, 96, 16, km, M::b128, mn, M::b32, true, true>(rng);
  // f16 into f16
  run_case<W10, half, half, half, 128, 16, km, M::b128, mn, M::b64>(rng);
  // tf32 (K-major only)
  run_case<W11, float, float, float, 64, 8, km, M::b128, km, M::b128>(rng);
  run_case<W12, float, float, float, 32, 8, km, M::b32, km, M::none, true>(rng);
  // fp8
  run_case<W13, __nv_fp8_e4m3, __nv_fp8_e4m3, float, 128, 32, km, M::b128, km, M::b128>(rng);
  run_case<W14, __nv_fp8_e5m2, __nv_fp8_e4m3, float, 64, 32, km, M::b64, km, M::none>(rng);
  run_case<W15, __nv_fp8_e4m3, __nv_fp8_e5m2, half, 64, 32, km, M::b32, km, M::b128, true>(rng);
  // integers into s32
  run_case<W16, signed char, signed char, int, 128, 32, km, M::b128, km, M::b128>(rng);
  run_case<W17, unsigned char, signed char, int, 48, 32, km, M::none, km, M::b64, true>(rng);
  run_case<W18, signed char, unsigned char, int, 24, 32, km, M::b32, km, M::none>(rng);
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
