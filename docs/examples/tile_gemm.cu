// The whole-tile example of docs/matrix.md: D = A B^T in 128 x 256 tiles,
// each computed by one CTA with TMA loads into a 2-stage ring, wgmma
// m64n256k16, stmatrix of the bf16 result into a swizzled staging tile and
// TMA stores. Test docs_tile_gemm_gpu (sm_90a) checks every element against
// a host GEMM for a whole-tile and a ragged size; it exits 77 (ctest:
// skipped) without a GPU.
#include <tirx/host/cuda_check.hpp>

#include <tirx/tile.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:tile-gemm-types]
// bf16 tiles of 64-element (128-byte) rows, K-major, with the 128-byte
// swizzle: the layout a TMA box of (rows, 64) writes and wgmma reads.
constexpr int tile_m = 128, tile_n = 256, tile_k = 64, stages = 2;
TIRX_HD constexpr TileLayout rows_of(index_t rows) {
  return wgmma_smem_layout(shape(rows, tile_k), MatrixMajor::k, SwizzleMode::b128, 2);
}
constexpr TileLayout a_layout = rows_of(tile_m), b_layout = rows_of(tile_n);
constexpr TileLayout half_layout = rows_of(64);
using MapA = tensor_map_t<bfloat16, shape(tile_m, tile_k), a_layout>;
using MapB = tensor_map_t<bfloat16, shape(tile_n, tile_k), b_layout>;
using MapD = tensor_map_t<bfloat16, shape(64, tile_k), half_layout>; // one store box
using StageA = MapA::smem_tensor<MemScope::shared_dyn, 1024>;
using StageB = MapB::smem_tensor<MemScope::shared_dyn, 1024>;
using Half = MapD::smem_tensor<MemScope::shared_dyn, 1024>; // 64 rows: a consumer's A, a D box
// the D staging: per consumer warpgroup four (64, 64) boxes, each a Half
constexpr Shape staging = shape(2, tile_n / tile_k, 64, tile_k);
constexpr TileLayout staging_layout = row_major(staging) ^ swizzle_for(SwizzleMode::b128, 2);
using Staging = Tensor<bfloat16, ShapeT<2, tile_n / tile_k, 64, tile_k>, MemScope::shared_dyn, 1024,
                       layout_type<staging_layout>>;

struct Plan {
  StageA a[stages];
  StageB b[stages];
  Staging d;
  BarrierRing<stages> ring;
};
TIRX_HD constexpr Plan plan(SMEMPool& pool) {
  Plan p{};
  for (int s = 0; s < stages; ++s) {
    p.a[s] = pool.alloc<bfloat16, shape(tile_m, tile_k), a_layout, 1024>();
    p.b[s] = pool.alloc<bfloat16, shape(tile_n, tile_k), b_layout, 1024>();
  }
  p.d = pool.alloc<bfloat16, staging, staging_layout, 1024>();
  p.ring = BarrierRing<stages>::alloc(pool);
  pool.commit();
  return p;
}
constexpr unsigned long long plan_bytes = smem_bytes(plan);
// [/snippet]

// [snippet:tile-gemm-epilogue]
// Columns 16j .. 16j + 15 of a warp's 16 rows of the (converted)
// accumulator are its slots 8j .. 8j + 7, in the order of the m16n8k16 A
// fragment, which is four 8 x 8 matrices of stmatrix.x4: move them into one
// (a register copy that ptxas removes) and store it as a (16, 16) part of
// the warp's rows of D box j / 4 (rows 16w .. 16w + 15 of the box: whole swizzle atoms).
template <int J, class Acc16, class Boxes>
__device__ void store_columns(Acc16& d16, const Boxes& boxes, int w) {
  auto frag = alloc_local<bfloat16, shape(16, 16), mma_a_fragment_layout(2, 16)>();
  tile::apply<ptx<"mov.b16">>(thread_slots(frag), thread_slots(d16).sub(range<8 * J, 8 * J + 8>),
                              scope::thread);
  // (an integer index moves the pointer, so the row addresses stay those of one 16-row tile)
  const auto rows = boxes.sub(J / 4, _, _).template view<4, 16, tile_k>().sub(w, _, _);
  tile::apply<ptx<"stmatrix.sync.aligned.m8n8.x4.shared.b16">>(
      rows.sub(_, range<16 * (J % 4), 16 * (J % 4) + 16>), frag, scope::warp);
}
// [/snippet]

// [snippet:tile-gemm-kernel]
// 384 threads: warpgroup 0 loads, warpgroups 1 and 2 each compute 64 rows.
// A (M x K) and B (N x K) row-major, D (M x N); one CTA per 128 x 256 tile.
__global__ void __launch_bounds__(384, 1)
    tile_gemm(const __grid_constant__ MapA map_a, const __grid_constant__ MapB map_b,
              const __grid_constant__ MapD map_d, int k) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  SMEMPool pool = SMEMPool::dynamic();
  const Plan p = plan(pool);
  const int wg = static_cast<int>(threadIdx.x / 128);
  const int m0 = static_cast<int>(blockIdx.y) * tile_m, n0 = static_cast<int>(blockIdx.x) * tile_n;
  if (threadIdx.x == 0) {
    p.ring.init(1, 2); // full: the producer (+ the bytes); empty: both consumers
    fence_mbarrier_init();
  }
  cta_sync();
  const int k_blocks = (k + tile_k - 1) / tile_k; // the last block is zero-filled past K
  PipelineState<stages> st{};
  if (wg == 0) {
    if (threadIdx.x == 0) {
      for (int kb = 0; kb < k_blocks; ++kb, st.advance()) {
        p.ring.producer_acquire(st);
        p.ring.producer_commit_tx<tma_bytes<bfloat16>((tile_m + tile_n) * tile_k)>(st);
        tma::load(p.a[st.index], map_a, p.ring.full(st.index), m0, kb * tile_k);
        tma::load(p.b[st.index], map_b, p.ring.full(st.index), n0, kb * tile_k);
      }
    }
    return;
  }
  const int c = wg - 1, w = static_cast<int>(threadIdx.x % 128) / 32;
  auto acc = alloc_wgmma_accumulator<float, tile_n>();
  for (int kb = 0; kb < k_blocks; ++kb, st.advance()) {
    p.ring.consumer_wait(st);
    const Half a = p.a[st.index].view<2, 64, tile_k>().sub(c, _, _); // my 64 rows
    wgmma_fence(acc);
    [&]<int... S>(cuda::std::integer_sequence<int, S...>) {
      (tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16">>(
           acc, a.sub(_, range<16 * S, 16 * S + 16>),
           p.b[st.index].sub(_, range<16 * S, 16 * S + 16>), scope::warpgroup,
           tile::accumulate(kb > 0 || S > 0)),
       ...);
    }
    (cuda::std::make_integer_sequence<int, tile_k / 16>{});
    wgmma_commit_group();
    wgmma_wait_group<0>(acc);
    if (threadIdx.x % 128 == 0)
      p.ring.consumer_release(st);
  }
  const auto boxes = p.d.sub(c, _, _, _); // my four D boxes
  auto d16 = alloc_like<bfloat16>(acc);   // the result in bf16: cvt.rn.bf16x2.f32 per pair
  convert(d16, acc);
  [&]<int... J>(cuda::std::integer_sequence<int, J...>) { (store_columns<J>(d16, boxes, w), ...); }
  (cuda::std::make_integer_sequence<int, tile_n / 16>{});
  fence_proxy_async_shared(); // the stmatrix writes, visible to the TMA unit
  named_barrier_sync(1 + c, 128);
  if (threadIdx.x % 128 == 0) {
    for (int j = 0; j < tile_n / tile_k; ++j) // the part outside D is skipped
      tma::store(map_d, boxes.sub(j, _, _), m0 + 64 * c, n0 + j * tile_k);
    tma::store_commit();
    tma::store_wait<0>();
  }
#else
  (void)map_a, (void)map_b, (void)map_d, (void)k;
#endif
}
// [/snippet]

// [snippet:tile-gemm-host]
// m x k A, n x k B, m x n D, row-major bf16 (rows of whole 16 bytes: k, n multiples of 8)
cudaError_t gemm_tiles(const bfloat16* a, const bfloat16* b, bfloat16* d, int m, int n, int k) {
  const MapA map_a = make_tensor_map<shape(tile_m, tile_k), a_layout>(grid_tensor<16>(a, m, k));
  const MapB map_b = make_tensor_map<shape(tile_n, tile_k), b_layout>(grid_tensor<16>(b, n, k));
  const MapD map_d = make_tensor_map<shape(64, tile_k), half_layout>(grid_tensor<16>(d, m, n));
  LaunchConfig cfg;
  cfg.grid = dim3((n + tile_n - 1) / tile_n, (m + tile_m - 1) / tile_m);
  cfg.block = dim3(384);
  cfg.smem = plan_bytes;
  return launch(cfg, tile_gemm, map_a, map_b, map_d, k);
}
// [/snippet]

namespace {

int failures = 0;

void check(int m, int n, int k, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<bfloat16> ha(static_cast<size_t>(m) * k), hb(static_cast<size_t>(n) * k);
  for (bfloat16& x : ha)
    x = __float2bfloat16(u(rng));
  for (bfloat16& x : hb)
    x = __float2bfloat16(u(rng));
  bfloat16 *a = nullptr, *b = nullptr, *d = nullptr;
  const size_t dbytes = static_cast<size_t>(m) * n * 2;
  TIRX_CHECK_CUDA(cudaMalloc(&a, ha.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&b, hb.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&d, dbytes));
  TIRX_CHECK_CUDA(cudaMemcpy(a, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(b, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(d, 0xFF, dbytes)); // NaN: an element not written fails
  TIRX_CHECK_CUDA(cudaFuncSetAttribute(tile_gemm, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(plan_bytes)));
  TIRX_CHECK_CUDA(gemm_tiles(a, b, d, m, n, k));
  TIRX_CHECK_LAUNCH("tile_gemm");
  std::vector<bfloat16> hd(static_cast<size_t>(m) * n);
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), d, dbytes, cudaMemcpyDeviceToHost));
  long long bad = 0;
  double worst = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double ref = 0;
      for (int q = 0; q < k; ++q)
        ref += static_cast<double>(__bfloat162float(ha[static_cast<size_t>(i) * k + q])) *
               __bfloat162float(hb[static_cast<size_t>(j) * k + q]);
      const double got = __bfloat162float(hd[static_cast<size_t>(i) * n + j]);
      const double err = std::fabs(got - ref), bound = 1e-2 * std::fabs(ref) + 1e-2;
      worst = std::fmax(worst, err);
      bad += !(err <= bound); // NaN fails
    }
  std::printf("%s tile_gemm %d x %d x %d: %lld of %lld outside |err| <= 1e-2 |ref| + 1e-2 "
              "(largest error %.3g)\n",
              bad == 0 ? "ok  " : "FAIL", m, n, k, bad, static_cast<long long>(m) * n, worst);
  failures += bad != 0;
  TIRX_CHECK_CUDA(cudaFree(a));
  TIRX_CHECK_CUDA(cudaFree(b));
  TIRX_CHECK_CUDA(cudaFree(d));
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::mt19937 rng(20261201);
  check(256, 512, 512, rng); // whole tiles, 8 k blocks: the ring wraps 4 times
  check(200, 296, 200, rng); // ragged in every dimension: zero-filled loads, clipped stores
  return failures == 0 ? 0 : 1;
}
