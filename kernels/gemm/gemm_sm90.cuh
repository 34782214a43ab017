// The Hopper GEMM, written with tirx tiles: D (M x N) = A (M x K) B (K x N)
// with bf16 inputs and fp32 accumulation, A row-major and B given as N x K
// row-major (B transposed, "TN"), D row-major bf16.
//
// One CTA of 3 warpgroups computes 128 x 256 tiles of D, persistently (a
// grouped tile order, TileScheduler): warpgroup 0 is the producer (one
// thread issues the TMA loads of each 64-wide K block, A 128 x 64 and B
// 256 x 64, into a ring of Stages shared stages on full/empty mbarriers;
// the warpgroup gives registers back with setmaxnreg), warpgroups 1 and 2
// are the consumers: each owns 64 rows of the tile and runs four
// m64n256k16 wgmmas per stage on its rows of A and all of B, releases the
// stage, and at the end of the tile stores its accumulator: by default as
// bf16 pairs into a swizzled shared staging tile and out with four TMA
// stores per warpgroup that run on under the next tile's mainloop
// (TmaStore), or straight from the registers to D. The tensor maps
// zero-fill what lies outside A and B and the TMA store skips what lies
// outside D, so any M >= 1 and N, K >= 8 with rows of whole 16 bytes work.
//
// Options (template arguments of gemm_bf16_tn, measured in
// docs/gemm.md): Stages, Overlap (keep one stage's wgmmas in flight while
// the next is issued), Cluster (2: clusters of 2 CTAs along M, each loading
// half of the B tile and multicasting it to both; correct, but measured at
// 0.55x of the unclustered kernel, an open question) and TmaStore.
#pragma once

#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

#include <cuda_bf16.h>

namespace tirx_kernels::gemm {

using bf16 = nv_bfloat16;
using namespace tirx;

inline constexpr int block_m = 128, block_n = 256, block_k = 64;
inline constexpr int threads = 384;

/// A stage's A and B tiles: rows of one 128-byte swizzle row (64 bf16),
/// the layout a TMA box of (rows, 64) with the 128B swizzle writes.
TIRX_HD constexpr TileLayout stage_layout(index_t rows) {
  return wgmma_smem_layout(shape(rows, block_k), MatrixMajor::k, SwizzleMode::b128, 2);
}
inline constexpr TileLayout layout_a = stage_layout(block_m), layout_b = stage_layout(block_n),
                            layout_a_half = stage_layout(64);
using TileA = Tensor<bf16, ShapeT<block_m, block_k>, MemScope::shared_dyn, 1024,
                     detail::layout_type_of<layout_a>::type>;
using TileB = Tensor<bf16, ShapeT<block_n, block_k>, MemScope::shared_dyn, 1024,
                     detail::layout_type_of<layout_b>::type>;
using TileAHalf = Tensor<bf16, ShapeT<64, block_k>, MemScope::shared_dyn, 1024,
                         detail::layout_type_of<layout_a_half>::type>;

/// The shared memory of one CTA: Stages A and B tiles and the barrier ring.
template <int Stages> struct Plan {
  bf16* a;
  bf16* b;
  bf16* d; ///< the D tile on its way out (TMA-store epilogue), or null
  BarrierRing<Stages> ring;
};
template <int Stages, bool TmaStore = false> TIRX_HD constexpr Plan<Stages> plan(SMEMPool& pool) {
  // the stages one after the other (each stage tile is viewed with its
  // swizzled layout at its 1024-byte aligned offset)
  constexpr Shape sa = shape(Stages * block_m, block_k), sb = shape(Stages * block_n, block_k);
  auto a = pool.alloc<bf16, sa, row_major(sa), 1024>();
  auto b = pool.alloc<bf16, sb, row_major(sb), 1024>();
  bf16* dst = nullptr;
  if constexpr (TmaStore)
    dst = pool.alloc<bf16, shape(block_m * block_n), row_major(shape(block_m * block_n)), 1024>()
              .data();
  auto ring = BarrierRing<Stages>::alloc(pool);
  pool.commit();
  return Plan<Stages>{a.data(), b.data(), dst, ring};
}
template <int Stages, bool TmaStore = false> TIRX_HD constexpr unsigned long long smem_bytes_for() {
  SMEMPool pool;
  plan<Stages, TmaStore>(pool);
  return pool.bytes();
}
// The plan's offsets under SMEMPool's placement (TIRx's: no alignment unless
// asked; every one here is explicit): A at 0 (Stages x 16 KB), B at Stages x
// 16 KB (Stages x 32 KB), D at Stages x 48 KB (64 KB), then the ring's
// 2 x Stages barrier words, each 1024-byte boundary kept.
static_assert(smem_bytes_for<3>() == 3 * 49152 + 2 * 3 * 8);
static_assert(smem_bytes_for<4>() == 4 * 49152 + 2 * 4 * 8);
static_assert(smem_bytes_for<3, true>() == 3 * 49152 + 65536 + 2 * 3 * 8);
static_assert(smem_bytes_for<4, true>() == 4 * 49152 + 65536 + 2 * 4 * 8);

/// The tensor maps of A (M x K) and B^T (N x K): boxes of (128, 64) and of
/// (256 / Cluster, 64) rows of B (each CTA of a cluster loads its share
/// and multicasts it to all), landing in the stage layouts.
// (the layouts are spelled as non-dependent constants: g++ 12 fails on a
// layout value computed from a template parameter inside an alias)
inline constexpr TileLayout layout_b_half = stage_layout(block_n / 2);
using MapA = TensorMap<bf16, ShapeT<block_m, block_k>, detail::layout_type_of<layout_a>::type>;
using MapB1 = TensorMap<bf16, ShapeT<block_n, block_k>, detail::layout_type_of<layout_b>::type>;
using MapB2 =
    TensorMap<bf16, ShapeT<block_n / 2, block_k>, detail::layout_type_of<layout_b_half>::type>;
template <int Cluster> using MapB = cuda::std::conditional_t<Cluster == 1, MapB1, MapB2>;
using TileBHalf = Tensor<bf16, ShapeT<block_n / 2, block_k>, MemScope::shared_dyn, 1024,
                         detail::layout_type_of<layout_b_half>::type>;
/// The D staging of a consumer warpgroup: 64 rows x 256 as four (64, 64)
/// blocks of 128-byte swizzled rows (conflict-free bf16x2 stores from the
/// accumulator fragment), each one TMA store box.
inline constexpr TileLayout layout_d = stage_layout(64);
using TileD = Tensor<bf16, ShapeT<64, block_k>, MemScope::shared_dyn, 1024,
                     detail::layout_type_of<layout_d>::type>;
using MapD = TensorMap<bf16, ShapeT<64, block_k>, detail::layout_type_of<layout_d>::type>;
template <int Cluster> using TileBPart = cuda::std::conditional_t<Cluster == 1, TileB, TileBHalf>;

template <int Stages, bool Overlap, int Cluster, bool TmaStore>
__global__ void __launch_bounds__(threads, 1)
    gemm_tn(const __grid_constant__ MapA map_a, const __grid_constant__ MapB<Cluster> map_b,
            const __grid_constant__ MapD map_d, bf16* d, int m, int n, int k) {
  SMEMPool pool = SMEMPool::dynamic();
  const Plan<Stages> p = plan<Stages, TmaStore>(pool);
  const int wg = static_cast<int>(threadIdx.x / 128);
  if (threadIdx.x == 0) {
    // full: the producer's arrive (+ the bytes); empty: one arrive per
    // consumer warpgroup of every CTA of the cluster (B is shared)
    p.ring.init(1, 2 * Cluster);
    fence_mbarrier_init();
  }
  if constexpr (Cluster > 1)
    cluster_sync();
  else
    cta_sync();
  // the tile rows of a cluster are adjacent: pad the M tiles to whole clusters
  const int m_tiles = (m + block_m * Cluster - 1) / (block_m * Cluster) * Cluster;
  const int n_tiles = (n + block_n - 1) / block_n;
  const int k_blocks = (k + block_k - 1) / block_k;
  auto sched =
      TileScheduler<TileOrder::grouped, 8 * Cluster, Cluster>::persistent(m_tiles, n_tiles);
  PipelineState<Stages> st{};
  // [snippet:producer]
  if (wg == 0) {
    setmaxnreg_dec<40>();
    if (threadIdx.x == 0) {
      constexpr unsigned bytes = tma_bytes<bf16>(block_m * block_k + block_n * block_k);
      const int rank = sched.rank();
      for (; !sched.done(); sched.next()) {
        const int m0 = sched.tile_m() * block_m, n0 = sched.tile_n() * block_n;
        for (int kb = 0; kb < k_blocks; ++kb, st.advance()) {
          if constexpr (Cluster > 1)
            p.ring.producer_acquire_cluster(st);
          else
            p.ring.producer_acquire(st);
          p.ring.template producer_commit_tx<bytes>(st);
          auto a = decl_tensor<TileA>(p.a + st.index * block_m * block_k);
          auto b = decl_tensor<TileBPart<Cluster>>(p.b + st.index * block_n * block_k +
                                                   rank * (block_n / Cluster) * block_k);
          uint64_t* full = p.ring.full(st.index).ptr();
          tma::load(a, map_a, full, m0, kb * block_k);
          if constexpr (Cluster > 1)
            tma::load_multicast(b, map_b, full, static_cast<uint16_t>((1u << Cluster) - 1),
                                n0 + rank * (block_n / Cluster), kb * block_k);
          else
            tma::load(b, map_b, full, n0, kb * block_k);
        }
      }
    }
    // [/snippet]
  } else {
    setmaxnreg_inc<232>();
    const int c = wg - 1; // rows 64c .. 64c + 63 of the tile
    PipelineState<Stages> prev{};
    auto release = [&](const PipelineState<Stages>& s) {
      if (threadIdx.x % 128 == 0) {
        if constexpr (Cluster > 1) {
          for (int r = 0; r < Cluster; ++r)
            p.ring.consumer_release_remote(s, r);
        } else {
          p.ring.consumer_release(s);
        }
      }
    };
    for (; !sched.done(); sched.next()) {
      auto acc = alloc_wgmma_accumulator<float, block_n>();
      // [snippet:mainloop]
      for (int kb = 0; kb < k_blocks; ++kb, st.advance()) {
        p.ring.consumer_wait(st);
        auto a = decl_tensor<TileAHalf>(p.a + st.index * block_m * block_k + c * 64 * block_k);
        auto b = decl_tensor<TileB>(p.b + st.index * block_n * block_k);
        wgmma_fence(acc);
        [&]<int... S>(cuda::std::integer_sequence<int, S...>) {
          ((tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16">>(
               acc, a.sub(_, range<16 * S, 16 * S + 16>), b.sub(_, range<16 * S, 16 * S + 16>),
               scope::warpgroup, tile::accumulate(kb > 0 || S > 0))),
           ...);
        }
        (cuda::std::make_integer_sequence<int, block_k / 16>{});
        wgmma_commit_group();
        if constexpr (Overlap) {
          // keep this stage's wgmmas in flight; the previous stage is done
          wgmma_wait_group<1>(acc);
          if (kb > 0)
            release(prev);
          prev = st;
        } else {
          wgmma_wait_group<0>(acc);
          release(st);
        }
      }
      if constexpr (Overlap) {
        wgmma_wait_group<0>(acc);
        release(prev);
      }
      // [/snippet]
      const int t = static_cast<int>(threadIdx.x % 128), w = t / 32, l = t % 32;
      // [snippet:epilogue]
      if constexpr (TmaStore) {
        // the epilogue: bf16 pairs into this warpgroup's swizzled staging,
        // then four TMA stores (the edges of D are skipped by the TMA unit)
        // that run on while the next tile's mainloop starts
        bf16* stage_d = p.d + c * 64 * block_n;
        if (t == 0)
          tma::store_wait_read<0>(); // the last tile's stores have read the staging
        named_barrier_sync(1 + c, 128);
#pragma unroll
        for (int r = 0; r < block_n / 2; r += 2) {
          const int row = 16 * w + l / 4 + 8 * ((r / 2) % 2), col = 8 * (r / 4) + 2 * (l % 4);
          auto blk = decl_tensor<TileD>(stage_d + (col / block_k) * 64 * block_k);
          *reinterpret_cast<__nv_bfloat162*>(&blk(row, col % block_k)) =
              __floats2bfloat162_rn(acc.data()[r], acc.data()[r + 1]);
        }
        fence_proxy_async_shared();
        named_barrier_sync(1 + c, 128);
        if (t == 0) {
          const int row0 = sched.tile_m() * block_m + 64 * c, col0 = sched.tile_n() * block_n;
#pragma unroll
          for (int j = 0; j < block_n / block_k; ++j)
            tma::store(map_d, decl_tensor<TileD>(stage_d + j * 64 * block_k), row0,
                       col0 + j * block_k);
          tma::store_commit();
        }
        // [/snippet]
      } else {
        // the epilogue: bf16 pairs straight to D, inside its edges
        const int row0 = sched.tile_m() * block_m + 64 * c + 16 * w + l / 4;
        const int col0 = sched.tile_n() * block_n + 2 * (l % 4);
#pragma unroll
        for (int r = 0; r < block_n / 2; r += 2) {
          const int row = row0 + 8 * ((r / 2) % 2), col = col0 + 8 * (r / 4);
          if (row < m && col + 1 < n && (n % 2) == 0) {
            *reinterpret_cast<__nv_bfloat162*>(d + static_cast<long long>(row) * n + col) =
                __floats2bfloat162_rn(acc.data()[r], acc.data()[r + 1]);
          } else if (row < m) {
            if (col < n)
              d[static_cast<long long>(row) * n + col] = __float2bfloat16_rn(acc.data()[r]);
            if (col + 1 < n)
              d[static_cast<long long>(row) * n + col + 1] = __float2bfloat16_rn(acc.data()[r + 1]);
          }
        }
      }
    }
    if constexpr (TmaStore)
      if (threadIdx.x % 128 == 0)
        tma::store_wait<0>();
  }
  // no CTA leaves while another may still multicast into it or arrive on it
  if constexpr (Cluster > 1)
    cluster_sync();
}

} // namespace tirx_kernels::gemm

namespace tirx_kernels {
/// D = A B^T: a (m x k), b (n x k), d (m x n), all row-major bf16,
/// contiguous, 16-byte aligned rows (k and n multiples of 8: otherwise
/// make_tensor_map throws std::invalid_argument naming the rule).
/// Persistent: as many CTAs as fit at once (one per SM), in clusters of
/// `cluster` CTAs along M sharing B. Asynchronous on stream.
template <int stages = 3, bool overlap = false, int cluster = 1, bool tma_store = true>
inline cudaError_t gemm_bf16_tn(const __nv_bfloat16* a, const __nv_bfloat16* b, __nv_bfloat16* d,
                                int m, int n, int k, cudaStream_t stream = 0) {
  using namespace gemm;
  const long long ea[2] = {m, k}, sa[2] = {k, 1}, eb[2] = {n, k}, sb[2] = {k, 1};
  const MapA ma = tirx::make_tensor_map<tirx::shape(block_m, block_k), layout_a>(a, ea, sa);
  static_assert(cluster == 1 || cluster == 2, "gemm_bf16_tn: clusters of 1 or 2 CTAs");
  MapB<cluster> mb{};
  if constexpr (cluster == 1)
    mb = tirx::make_tensor_map<tirx::shape(block_n, block_k), layout_b>(b, eb, sb);
  else
    mb = tirx::make_tensor_map<tirx::shape(block_n / 2, block_k), layout_b_half>(b, eb, sb);
  MapD md{};
  if constexpr (tma_store) {
    const long long ed[2] = {m, n}, sd[2] = {n, 1};
    md = tirx::make_tensor_map<tirx::shape(64, block_k), layout_d>(d, ed, sd);
  }
  constexpr unsigned long long smem = smem_bytes_for<stages, tma_store>();
  static_assert(smem <= 232448, "gemm_bf16_tn: the stages (48 KB each) and the D staging (64 KB "
                                "with tma_store) must fit in 227 KB of shared memory; use fewer "
                                "stages");
  auto kernel = gemm_tn<stages, overlap, cluster, tma_store>;
  cudaLaunchConfig_t config{};
  config.blockDim = dim3(threads);
  config.dynamicSmemBytes = smem;
  config.stream = stream;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = cluster;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  config.attrs = attr;
  config.numAttrs = 1;
  // a persistent grid of as many clusters as fit at once (clusters live in
  // one GPC: fewer than SMs / cluster of them may fit)
  static int max_ctas = 0;
  if (max_ctas == 0) {
    cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(smem));
    if (e != cudaSuccess)
      return e;
    config.gridDim = dim3(cluster);
    int clusters = 0;
    e = cudaOccupancyMaxActiveClusters(&clusters, kernel, &config);
    if (e != cudaSuccess)
      return e;
    max_ctas = clusters * cluster;
  }
  const long long m_tiles = (m + block_m * cluster - 1) / (block_m * cluster) * cluster;
  const long long tiles = m_tiles * ((n + block_n - 1) / block_n);
  const int grid = static_cast<int>(tiles < max_ctas ? tiles : max_ctas);
  config.gridDim = dim3(static_cast<unsigned>(grid));
  return cudaLaunchKernelEx(&config, kernel, ma, mb, md, d, m, n, k);
}
} // namespace tirx_kernels
