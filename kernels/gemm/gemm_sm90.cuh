// The Hopper GEMM, written with tirx tiles: D (M x N) = A (M x K) B (K x N)
// with 16-bit inputs (bf16 or fp16) and fp32 accumulation, A and B in
// either storage order, D row-major bf16, fp16 or fp32, with an optional
// fused epilogue (kernels/gemm/gemm_epilogue.cuh) and a batch mode. The
// public entries: tirx_kernels::gemm (kernels/gemm/gemm.cuh) and, for the
// fast path (bf16, A row-major, B column-major = "TN", D bf16, no
// epilogue), gemm_bf16_tn below.
//
// One CTA of 3 warpgroups computes 128 x BN tiles of D (BN = 256, the fast
// path's, or 128: Config's tile_n), persistently (a
// grouped tile order over (batch, m, n) tiles, TileScheduler): warpgroup 0
// is the producer (one thread issues the TMA loads of each 64-wide K block,
// A 128 x 64 and B 256 x 64, into a ring of Stages shared stages on
// full/empty mbarriers; the warpgroup gives registers back with
// setmaxnreg; an A or B that TMA cannot read was copied into 16-byte rows
// first, gemm_copy.cuh), warpgroups 1 and 2 are
// the consumers: each owns 64 rows of the tile and runs four m64n256k16
// wgmmas per stage on its rows of A and all of B, releases the stage, and
// at the end of the tile applies the epilogue and stores its accumulator:
// through a swizzled shared staging tile and TMA stores that run on under
// the next tile's mainloop, or straight from the registers to D. The
// tensor maps zero-fill what lies outside A and B and the TMA store skips
// what lies outside D (where D's rows end on 16 bytes; gemm.cuh checks), so
// any M, N, K >= 1 work. Split-K (the general kernel, Io::any, p.split >
// 1): a tile's K blocks are cut into p.split ranges, each range a tile of
// the scheduler (batch index bt * split + s), whose fp32 sum goes to its
// slice of the workspace; gemm_splitk.cuh adds the slices and applies the
// epilogue. The tail split (Io::any, p.sk_mode, gemm_streamk.cuh): the
// tiles of the last partial wave are cut into K ranges on more CTAs, the
// last range to end adds the others' partials and stores the tile.
//
// Options of the fast path (template arguments of gemm_bf16_tn, measured
// in docs/gemm.md): Stages, Overlap (keep one stage's wgmmas in flight
// while the next is issued), Cluster (2: clusters of 2 CTAs along M, each
// loading half of the B tile and multicasting it to both; with 4 stages
// and the overlap, what gemm runs where gemm_heuristic::fast_cluster
// says) and TmaStore.
#pragma once

#include "gemm_epilogue.cuh"
#include "gemm_streamk.cuh"

#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>

/// The height of the tile order's groups, in M tiles (TileScheduler's
/// GroupM; a multiple of the cluster), in every kernel: 16, swept at the
/// power limit against 4, 8 and 32 (docs/gemm.md, "The overlap and the tile
/// order at the power limit"; scripts/gemm_sustained_sweep.sh rebuilds
/// the benchmark with another).
#ifndef TIRX_GEMM_GROUP_M
#define TIRX_GEMM_GROUP_M 16
#endif

namespace tirx_kernels::gemm_sm90 {

#if defined(__CUDACC__)
/// One TMA box of Map into the shared tile at smem, at coordinates (bt,) r,
/// c; multicast to the CTAs of mask when Multicast.
template <class Map, bool Multicast, class T>
__device__ TIRX_FORCEINLINE void load_box(T* smem, const Map& map, MBarrier full, uint16_t mask,
                                          int bt, int r, int c) {
  auto tile = decl_tensor<typename Map::template smem_tensor<>>(smem);
  if constexpr (Multicast && Map::rank == 3)
    tma::load_multicast(tile, map, full, mask, bt, r, c);
  else if constexpr (Multicast)
    tma::load_multicast(tile, map, full, mask, r, c);
  else if constexpr (Map::rank == 3)
    tma::load(tile, map, full, bt, r, c);
  else
    tma::load(tile, map, full, r, c);
}
// The plan's offsets under SMEMPool's placement (TIRx's: no alignment unless
// asked; every one here is explicit): A at 0 (Stages x 16 KB), B at Stages x
// 16 KB (Stages x 32 KB), D at Stages x 48 KB (64 KB; 32 KB as the ring of
// 4 stages, Config's d_ring), then the ring's
// 2 x Stages barrier words, each 1024-byte boundary kept.
template <int Stages, bool Staging, int DCols = 256>
TIRX_HD constexpr unsigned long long plan_bytes() {
  SMEMPool pool;
  plan<bf16, bf16, Stages, Staging, block_n, DCols>(pool);
  return pool.bytes();
}
static_assert(plan_bytes<3, false>() == 3 * 49152 + 2 * 3 * 8);
static_assert(plan_bytes<4, false>() == 4 * 49152 + 2 * 4 * 8);
static_assert(plan_bytes<3, true>() == 3 * 49152 + 65536 + 2 * 3 * 8);
static_assert(plan_bytes<4, true, 128>() == 4 * 49152 + 32768 + 2 * 4 * 8); // (the ring)

/// The boxes of an operand's stage share: Boxes boxes of Rows MN rows from
/// mn0, each (mn, k) for a K-major operand, (k, mn) for an MN-major one.
template <MatrixMajor M, int Boxes, int Rows, bool Multicast, class Map, class T>
__device__ TIRX_FORCEINLINE void load_operand(T* stage, const Map& map, MBarrier full,
                                              uint16_t mask, int bt, int mn0, int k0) {
#pragma unroll
  for (int j = 0; j < Boxes; ++j) {
    if constexpr (M == MatrixMajor::k)
      load_box<Map, Multicast>(stage + j * Rows * block_k, map, full, mask, bt, mn0 + j * Rows, k0);
    else
      load_box<Map, Multicast>(stage + j * Rows * block_k, map, full, mask, bt, k0, mn0 + j * Rows);
  }
}

template <class Cfg>
__global__ void __launch_bounds__(threads, 1)
    gemm_kernel(const __grid_constant__ typename Cfg::MapA map_a,
                const __grid_constant__ typename Cfg::MapB map_b,
                const __grid_constant__ typename Cfg::MapD map_d,
                const __grid_constant__ typename Cfg::ParamsT p) {
  using T = typename Cfg::T;
  constexpr int Stages = Cfg::stages, Cluster = Cfg::cluster;
  constexpr bool any = Cfg::io == Io::any;
  SMEMPool pool = SMEMPool::dynamic();
  constexpr int BN = Cfg::tile_n;
  const auto pl =
      plan<T, typename Cfg::Out, Stages, Cfg::io != Io::tma_direct, BN, Cfg::d_stage_cols>(pool);
  const int wg = static_cast<int>(threadIdx.x / 128);
  const bool tma_store = Cfg::io == Io::tma || (any && p.tma_store);
  if (threadIdx.x == 0) {
    // full: the producer's arrive (+ the bytes); empty: one arrive per
    // consumer warpgroup of every CTA of the cluster (B is shared)
    pl.ring.init(1, 2 * Cluster);
    fence_mbarrier_init();
  }
  if constexpr (Cluster > 1)
    cluster_sync();
  else
    cta_sync();
  // the tile rows of a cluster are adjacent: pad the M tiles to whole clusters
  const int m_tiles = (p.m + block_m * Cluster - 1) / (block_m * Cluster) * Cluster;
  const int n_tiles = (p.n + BN - 1) / BN;
  const int k_blocks = (p.k + block_k - 1) / block_k;
  // split-K (Io::any): the scheduler's batch index is bt * split + s, s the
  // K range [s * split_blocks, ...) of the tile (work(): the tile's part)
  // (the tail split and stream-K, Io::any: the walk of StreamKWalk, whose
  // units past the whole tiles are K ranges of the last tiles)
  const int split = any ? p.split : 1;
  const int batches = (Cfg::rank == 3 ? p.batch : 1) * split; // (2-D maps: one matrix)
  using Sched = TileScheduler<TileOrder::grouped, TIRX_GEMM_GROUP_M, Cluster>;
  const StreamKPlan sk_plan{p.sk.dp, p.sk.sk, p.sk.ctas, k_blocks};
  auto sched = [&] {
    if constexpr (any)
      return StreamKWalk<Sched>(m_tiles, n_tiles, batches, sk_plan, blockIdx.x, gridDim.x);
    else
      return Sched::persistent(m_tiles, n_tiles, batches);
  }();
  struct Work {
    int bt, kb0, kb1;
  };
  auto work = [&]() -> Work {
    if constexpr (any) {
      if (split > 1) {
        const int s = sched.batch_index() % split, kb0 = s * p.split_blocks;
        return {sched.batch_index() / split, kb0,
                kb0 + p.split_blocks < k_blocks ? kb0 + p.split_blocks : k_blocks};
      }
      return {sched.batch_index(), sched.kb0(), sched.kb1()};
    }
    return {sched.batch_index(), 0, k_blocks};
  };
  PipelineState<Stages> st{};
  if (wg == 0) {
    setmaxnreg_dec<40>();
    // [snippet:producer]
    if (threadIdx.x == 0) {
      constexpr unsigned bytes = tma_bytes<T>(block_m * block_k + BN * block_k);
      constexpr int share = BN / Cluster; // the B rows this CTA loads
      const int rank = sched.rank();
      for (; !sched.done(); sched.next()) {
        const int m0 = sched.tile_m() * block_m, n0 = sched.tile_n() * BN;
        const Work wk = work();
        const int bt = wk.bt, kb0 = wk.kb0, kb1 = wk.kb1;
        for (int kb = kb0; kb < kb1; ++kb, st.advance()) {
          pl.ring.producer_acquire(st); // (a cluster's consumers release at cta scope)
          pl.ring.template producer_commit_tx<bytes>(st);
          const MBarrier full = pl.ring.full(st.index);
          load_operand<Cfg::ma, Cfg::a_boxes, Cfg::a_rows, false>(
              pl.a + st.index * block_m * block_k, map_a, full, 0, p.a_batch * bt, m0,
              kb * block_k);
          load_operand<Cfg::mb, Cfg::b_boxes, Cfg::b_rows, (Cluster > 1)>(
              pl.b + st.index * BN * block_k + rank * share * block_k, map_b, full,
              static_cast<uint16_t>((1u << Cluster) - 1), p.b_batch * bt, n0 + rank * share,
              kb * block_k);
        }
      }
    }
    // [/snippet]
  } else {
    setmaxnreg_inc<232>();
    const int c = wg - 1; // rows 64c .. 64c + 63 of the tile
    PipelineState<Stages> prev{};
    // [snippet:release]
    auto release = [&](const PipelineState<Stages>& s) {
      if (threadIdx.x % 128 == 0) {
        if constexpr (Cluster > 1) {
          for (int r = 0; r < Cluster; ++r)
            pl.ring.consumer_release_remote_cta(s, r); // (a TMA refill: no GPU fence)
        } else {
          pl.ring.consumer_release(s);
        }
      }
    };
    // [/snippet]
    for (; !sched.done(); sched.next()) {
      auto acc = alloc_wgmma_accumulator<float, BN>();
      const Work wk = work();
      const int bt = wk.bt, kb0 = wk.kb0, kb1 = wk.kb1;
      // [snippet:mainloop]
      for (int kb = kb0; kb < kb1; ++kb, st.advance()) {
        pl.ring.consumer_wait(st);
        auto a = decl_tensor<StageTile<T, 64, Cfg::ma>>(pl.a + st.index * block_m * block_k +
                                                        c * 64 * block_k);
        auto b = decl_tensor<StageTile<T, BN, Cfg::mb>>(pl.b + st.index * BN * block_k);
        wgmma_fence(acc);
        [&]<int... S>(cuda::std::integer_sequence<int, S...>) {
          ((tile::apply<wgmma_op<T, BN>>(acc, a.sub(_, range<16 * S, 16 * S + 16>),
                                         b.sub(_, range<16 * S, 16 * S + 16>), scope::warpgroup,
                                         tile::accumulate(kb > kb0 || S > 0))),
           ...);
        }
        (cuda::std::make_integer_sequence<int, block_k / 16>{});
        wgmma_commit_group();
        if constexpr (Cfg::overlap) {
          // keep this stage's wgmmas in flight; the previous stage is done
          wgmma_wait_group<1>(acc);
          if (kb > kb0)
            release(prev);
          prev = st;
        } else {
          wgmma_wait_group<0>(acc);
          release(st);
        }
      }
      if constexpr (Cfg::overlap) {
        wgmma_wait_group<0>(acc);
        release(prev);
      }
      // [/snippet]
      const int t = static_cast<int>(threadIdx.x % 128), w = t / 32, l = t % 32;
      const int row0 = sched.tile_m() * block_m + 64 * c, col0 = sched.tile_n() * BN;
      if constexpr (any) {
        if (split > 1) { // this K range's fp32 sum into its workspace slice (gemm_splitk.cuh)
          float* slice = p.workspace + static_cast<long long>(sched.batch_index()) * p.m * p.n;
          const bool pairs = p.n % 2 == 0 && reinterpret_cast<uintptr_t>(p.workspace) % 8 == 0;
          store_rows<float, BN>(acc, slice, p.n, p.m, p.n, pairs, row0 + 16 * w + l / 4,
                                col0 + 2 * (l % 4));
          continue;
        }
        if (sched.partial() &&
            !streamk_fixup<BN>(acc, p, sk_plan, sched.sk_tile(), kb0, kb1, sched.slot(), c))
          continue; // a piece that did not complete its tile
      }
      if constexpr (!Cfg::Epi::plain)
        apply_epilogue<typename Cfg::Epi, BN, Cfg::d_col>(acc, p, row0 + 16 * w + l / 4,
                                                          col0 + 2 * (l % 4), bt);
      if (!tma_store)
        store_direct<Cfg>(acc, p, row0 + 16 * w + l / 4, col0 + 2 * (l % 4), bt);
      else if constexpr (!Cfg::d_col || sizeof(typename Cfg::Out) == 2) // (else no TMA store)
        store_staged<Cfg>(acc, pl.d + c * 64 * Cfg::d_stage_cols, map_d, c, row0, col0, bt);
    }
    if (tma_store && threadIdx.x % 128 == 0)
      tma::store_wait<0>();
  }
  // no CTA leaves while another may still multicast into it or arrive on it
  if constexpr (Cluster > 1)
    cluster_sync();
}
#endif

/// The map of Map's box and layout over a tensor (host; throws
/// std::invalid_argument when TMA cannot take it).
template <class Map, class T, size_t R>
Map map_of(T* ptr, const long long (&extents)[R], const long long (&strides)[R]) {
  return make_tensor_map<Map::box(), Map::smem_layout()>(ptr, extents, strides);
}

/// Launches the kernel of Cfg on a persistent grid: as many CTAs as fit at
/// once (one per SM), in clusters of Cfg::cluster CTAs along M.
template <class Cfg>
cudaError_t launch(const typename Cfg::MapA& ma, const typename Cfg::MapB& mb,
                   const typename Cfg::MapD& md, typename Cfg::ParamsT p, cudaStream_t stream) {
  constexpr unsigned long long smem = smem_bytes_for<Cfg>();
  static_assert(smem <= 232448, "tirx_kernels::gemm: the stages (48 KB each) and the D staging "
                                "(32 KB or more with the TMA store) must fit in 227 KB of shared "
                                "memory; use fewer stages");
  auto kernel = gemm_kernel<Cfg>;
  constexpr int cluster = Cfg::cluster;
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
  const long long m_tiles = (p.m + block_m * cluster - 1) / (block_m * cluster) * cluster;
  long long tiles = m_tiles * ((p.n + Cfg::tile_n - 1) / Cfg::tile_n) * p.batch *
                    (Cfg::io == Io::any ? p.split : 1);
  if (Cfg::io == Io::any && p.sk_mode > 0) { // the plan for this grid (gemm_streamk.cuh)
    const int ctas = max_ctas < p.sk_slots ? max_ctas : p.sk_slots;
    const StreamKPlan sk = p.sk_mode == 1 ? tail_streamk_plan(tiles, ctas, p.k, p.sk_split)
                                          : streamk_plan(tiles, ctas, p.k);
    p.sk = sk;
    if (sk.sk > 0)
      tiles = ctas; // every CTA of the grid
  }
  const int grid = static_cast<int>(tiles < max_ctas ? tiles : max_ctas);
  config.gridDim = dim3(static_cast<unsigned>(grid));
  return cudaLaunchKernelEx(&config, kernel, ma, mb, md, p);
}

} // namespace tirx_kernels::gemm_sm90

namespace tirx_kernels {
/// The fast path: D = A B^T: a (m x k), b (n x k), d (m x n), all
/// row-major bf16, contiguous, 16-byte aligned rows (k and n multiples of
/// 8: otherwise make_tensor_map throws std::invalid_argument naming the
/// rule; tirx_kernels::gemm takes any). Persistent: as many CTAs as fit at
/// once (one per SM), in clusters of `cluster` CTAs along M sharing B;
/// CTA tiles of 128 x `tile_n` (256, or 224: gemm_heuristic::narrow_tile;
/// Config refuses others).
/// Asynchronous on stream.
template <int stages = 3, bool overlap = false, int cluster = 1, bool tma_store = true,
          int tile_n = 256>
inline cudaError_t gemm_bf16_tn(const __nv_bfloat16* a, const __nv_bfloat16* b, __nv_bfloat16* d,
                                int m, int n, int k, cudaStream_t stream = 0) {
  using namespace gemm_sm90;
  static_assert(cluster == 1 || cluster == 2, "gemm_bf16_tn: clusters of 1 or 2 CTAs");
  using Cfg = Config<bf16, bf16, Major::row, Major::col, Plain,
                     tma_store ? Io::tma : Io::tma_direct, 2, stages, overlap, cluster, tile_n>;
  const long long ea[2] = {m, k}, sa[2] = {k, 1}, eb[2] = {n, k}, sb[2] = {k, 1};
  const auto ma = map_of<typename Cfg::MapA>(a, ea, sa);
  const auto mb = map_of<typename Cfg::MapB>(b, eb, sb);
  typename Cfg::MapD md{};
  if constexpr (tma_store) {
    const long long ed[2] = {m, n}, sd[2] = {n, 1};
    md = map_of<typename Cfg::MapD>(d, ed, sd);
  }
  typename Cfg::ParamsT p{};
  p.m = m, p.n = n, p.k = k, p.d = d, p.ldd = n, p.pairs = n % 2 == 0;
  return launch<Cfg>(ma, mb, md, p, stream);
}
} // namespace tirx_kernels
