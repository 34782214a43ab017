// The Ampere GEMM (sm_80 and newer), written with tirx tiles: D (M x N) =
// A (M x K) B^T, A row-major M x K, B given as N x K row-major ("TN", a
// linear layer's weight), bf16 or fp16 inputs, fp32 accumulation, D
// row-major in the input type or in fp32.
//
// A CTA of WarpsM x WarpsN warps computes BM x BN tiles of D (by default
// 128 x 256, 8 warps of 64 x 64), persistently: as many CTAs as fit, each
// walking its tiles in TileScheduler's grouped order. The K loop is a
// cp.async multistage pipeline over the CTA's (tile, K block) jobs: a ring
// of Stages shared stages, each an A tile (BM x BK) and a B tile (BN x
// BK); the copy of job j + Stages - 1 is issued while job j is multiplied,
// across tile boundaries. The stage tiles are row-major with their 16-byte
// chunks XOR-swizzled (stage_layout): cp.async writes and ldmatrix reads
// are free of bank conflicts. Each warp loads the fragments of a 16-wide k
// slice with ldmatrix.x4 one slice ahead of the mma.sync.m16n8k16 that use
// them (two register buffers).
//
// Edges: 16-byte chunks outside A or B (rows past M or N, columns past K)
// are zeros, written by a guarded st.shared where the cp.async is skipped
// (a cp.async with a zero source size would do both in one instruction);
// the epilogue stores inside D only. Any M, N >= 1, K a multiple of 8
// (rows of whole 16-byte chunks), A and B 16-byte aligned: the launcher
// (gemm_sm80.cuh) refuses anything else with std::invalid_argument.
#pragma once

#include <tirx/tile.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <string>

namespace tirx_kernels::gemm80 {

using namespace tirx;

// [snippet:layouts]
/// A (rows, bk) stage tile of 16-bit elements: row-major, chunk c (8
/// elements, 16 bytes) of row r stored as chunk c ^ (r % 8) for bk = 64
/// (128-byte rows), c ^ ((r / 2) % 4) for bk = 32 (64-byte rows). Eight
/// consecutive rows of one chunk column then lie in eight different
/// 16-byte bank groups: an ldmatrix phase (8 rows of 16 bytes) and a warp's
/// cp.async chunks are free of bank conflicts.
TIRX_HD constexpr TileLayout stage_layout(index_t rows, index_t bk) {
  return S({rows, bk}, {bk, 1}) ^ Swizzle { bk == 64 ? 3 : 2, 3, 3 };
}
/// The swizzle repeats every 8 rows: a part of a stage that starts on a
/// multiple of 8 rows is a stage tile of its own, at data() + row * bk.
TIRX_HD constexpr bool repeats_every_8_rows(index_t bk) {
  const TileLayout l = stage_layout(16, bk);
  for (index_t e = 0; e < 8 * bk; ++e)
    if (apply(l, e + 8 * bk)[Axis{0}] != apply(l, e)[Axis{0}] + 8 * bk)
      return false;
  return true;
}
static_assert(repeats_every_8_rows(32) && repeats_every_8_rows(64));

/// Two B fragments (16 columns n of B, 16 k) for one ldmatrix.x4: matrix q
/// of the load is n in [8(q / 2), +8), k in [8(q % 2), +8), and the
/// fragment of columns 8j .. 8j + 7 is register slots 4j .. 4j + 3, an
/// mma_b_fragment_layout(2, 16) at data() + 4j.
inline constexpr TileLayout b_pair_layout = S({2, 8, 2, 4, 2}, {4, 4 * laneid, 2, 1 * laneid, 1});
static_assert(mma_b_fragment_layout(2, 16) == S({8, 2, 4, 2}, {4 * laneid, 2, 1 * laneid, 1}));
// [/snippet]

/// The CTA tile (BM x BN, K blocks of BK), the shared stages, the warps
/// (WarpsM x WarpsN, each computing a (BM / WarpsM) x (BN / WarpsN) tile)
/// and the k slices a stage's copies are spread over (CopySlices, 1 ..
/// BK / 16; 0: BK / 16 - 1), from the one after the barrier on.
template <int BM, int BN, int BK, int Stages, int WarpsM, int WarpsN, int MinBlocks = 1,
          int CopySlices = 0>
struct Tiling {
  static constexpr int bm = BM, bn = BN, bk = BK, stages = Stages;
  static constexpr int copy_slices = CopySlices > 0 ? CopySlices : BK / 16 - 1;
  static constexpr int warps_m = WarpsM, warps_n = WarpsN, min_blocks = MinBlocks;
  static constexpr int threads = 32 * WarpsM * WarpsN;
  static constexpr int wm = BM / WarpsM, wn = BN / WarpsN; // one warp's tile of D
  static constexpr int mi = wm / 16, nj = wn / 16;         // ldmatrix.x4 of A, of B per k slice
  static constexpr int ksteps = BK / 16;                   // k slices of one stage
  static constexpr int chunks = BK / 8;                    // 16-byte chunks of a stage row
  static constexpr int rows_per_pass = threads / chunks; // stage rows one cp.async per thread fills
  static constexpr unsigned smem_bytes = Stages * (BM + BN) * BK * 2;
  static constexpr TileLayout layout_a = stage_layout(BM, BK), layout_b = stage_layout(BN, BK);
  static constexpr TileLayout layout_16 = stage_layout(16, BK); // 16 rows: one ldmatrix.x4
  static_assert(BK == 32 || BK == 64, // (an even number of k slices: two fragment buffers)
                "gemm_sm80: K blocks of 32 or 64 (the swizzled rows)");
  static_assert(Stages >= 3, "gemm_sm80: at least 3 stages (two in flight while one is read)");
  static_assert(wm % 16 == 0 && wn % 16 == 0, "gemm_sm80: warp tiles of whole 16 x 16 fragments");
  static_assert(BM % rows_per_pass == 0 && BN % rows_per_pass == 0 && rows_per_pass % 8 == 0,
                "gemm_sm80: the stage rows must split evenly over the threads, 8 rows at a time");
  static_assert(smem_bytes <= 232448, "gemm_sm80: the stages must fit in 227 KB of shared memory");
  static_assert(copy_slices >= 1 && copy_slices <= ksteps,
                "gemm_sm80: a stage's copies go out over 1 .. BK / 16 k slices");
  /// "128x256x64 s4 w2x4 c3" (tile, stages, warps, copy slices), for reports.
  static std::string name() {
    return std::to_string(BM) + "x" + std::to_string(BN) + "x" + std::to_string(BK) + " s" +
           std::to_string(Stages) + " w" + std::to_string(WarpsM) + "x" + std::to_string(WarpsN) +
           " c" + std::to_string(copy_slices);
  }
};
template <int N, class F> __device__ TIRX_FORCEINLINE void unroll(F&& f) {
  [&]<int... I>(cuda::std::integer_sequence<int, I...>) {
    (f(cuda::std::integral_constant<int, I>{}), ...);
  }
  (cuda::std::make_integer_sequence<int, N>{});
}

/// The mma.sync of the input type (bf16 unless half), fp32 accumulators.
template <class T> struct mma_of {
  using type = ptx<"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32">;
};
template <> struct mma_of<half> {
  using type = ptx<"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32">;
};

/// Elements of D from fp32: two adjacent ones as one store, or one.
template <class TD> __device__ TIRX_FORCEINLINE void store_pair(TD* p, float x, float y) {
  if constexpr (cuda::std::is_same_v<TD, float>)
    *reinterpret_cast<float2*>(p) = make_float2(x, y);
  else if constexpr (cuda::std::is_same_v<TD, half>)
    *reinterpret_cast<half2*>(p) = __floats2half2_rn(x, y);
  else
    *reinterpret_cast<nv_bfloat162*>(p) = __floats2bfloat162_rn(x, y);
}
template <class TD> __device__ TIRX_FORCEINLINE void store_one(TD* p, float x) {
  *p = static_cast<TD>(x); // (round to nearest, as __float2bfloat16_rn, __float2half_rn)
}

template <class T, class TD, class Cfg>
__global__ void __launch_bounds__(Cfg::threads, Cfg::min_blocks)
    gemm_tn(const T* __restrict__ a, const T* __restrict__ b, TD* __restrict__ d, int m, int n,
            int k) {
  constexpr int BM = Cfg::bm, BN = Cfg::bn, BK = Cfg::bk, S = Cfg::stages;
  constexpr int MI = Cfg::mi, NJ = Cfg::nj, KS = Cfg::ksteps;
  using StageA = Tensor<T, ShapeT<BM, BK>, MemScope::shared_dyn, 128,
                        typename detail::layout_type_of<Cfg::layout_a>::type>;
  using StageB = Tensor<T, ShapeT<BN, BK>, MemScope::shared_dyn, 128,
                        typename detail::layout_type_of<Cfg::layout_b>::type>;
  using Rows16 = Tensor<T, ShapeT<16, BK>, MemScope::shared_dyn, 128,
                        typename detail::layout_type_of<Cfg::layout_16>::type>;
  using Chunk = Tensor<T, ShapeT<8>, MemScope::shared_dyn, 16>;
  using Source = Tensor<const T, ShapeT<8>, MemScope::global, 16>;
  using FragA = decltype(alloc_local<T, shape(16, 16), mma_a_fragment_layout(2, 16)>());
  using FragB2 = decltype(alloc_local<T, shape(16, 16), b_pair_layout>());
  using FragB = Tensor<T, ShapeT<8, 16>, MemScope::local, 8,
                       detail::layout_type_of<mma_b_fragment_layout(2, 16)>::type>;
  using Acc = decltype(alloc_local<float, shape(16, 8), mma_c_fragment_layout()>());
  using Mma = typename mma_of<T>::type;
  using Ldsm = ptx<"ldmatrix.sync.aligned.m8n8.x4.shared.b16">;

  T* const sa = reinterpret_cast<T*>(dynamic_smem_base());
  T* const sb = sa + S * BM * BK;
  const int m_tiles = (m + BM - 1) / BM, n_tiles = (n + BN - 1) / BN;
  const int k_blocks = (k + BK - 1) / BK;
  const int warp = static_cast<int>(threadIdx.x / 32), lane = static_cast<int>(threadIdx.x % 32);
  const int wr = warp / Cfg::warps_n, wc = warp % Cfg::warps_n; // the warp's place in the tile
  // this CTA's tiles: items blockIdx.x, + gridDim.x, ... of the grouped order
  auto tile_at = [&](int t) {
    const TileScheduler<TileOrder::grouped, 8> s(
        m_tiles, n_tiles, 1, blockIdx.x + static_cast<long long>(t) * gridDim.x, gridDim.x);
    return int2{s.tile_m() * BM, s.tile_n() * BN};
  };
  const long long items = static_cast<long long>(m_tiles) * n_tiles;
  const int tiles = static_cast<int>((items - blockIdx.x + gridDim.x - 1) / gridDim.x);

  // [snippet:load-stage]
  // This thread's 16-byte chunks of a stage: chunk column c of stage rows
  // r, r + rows_per_pass, ... of A (PA of them), then of B (PB), the same
  // in every stage (the pass p chunk lies p * rows_per_pass rows, a
  // multiple of 8, further on: a constant offset).
  constexpr int PA = BM / Cfg::rows_per_pass, PB = BN / Cfg::rows_per_pass;
  constexpr int Shares = Cfg::copy_slices;                  // k slices that issue a job's copies
  constexpr int PerShare = (PA + PB + Shares - 1) / Shares; // chunks per slice
  const int c = static_cast<int>(threadIdx.x) % Cfg::chunks;
  const int r = static_cast<int>(threadIdx.x) / Cfg::chunks;
  const int at_a = static_cast<int>(StageA{sa}.ptr_to(r, 8 * c) - sa);
  const int at_b = static_cast<int>(StageB{sb}.ptr_to(r, 8 * c) - sb);
  const long long pass_k = static_cast<long long>(Cfg::rows_per_pass) * k; // one pass down A, B
  auto zeros = alloc_local<uint32, shape(4)>();
  tile::apply<ptx<"mov.b32">>(zeros, 0u, scope::thread);
  // Chunk q of the job in flight: a cp.async, or (guarded: edges) zeros
  // where the chunk lies outside A or B, as a TMA load would fill.
  const T *src_a = a, *src_b = b; // this thread's first chunk of the K block, of A and B
  T *dst_a = sa, *dst_b = sb;     // and its place in the stage
  int left_a = 0, left_b = 0;     // how many of this thread's tile rows exist
  bool fast = false;              // the job is inside A and B: unguarded chunks
  auto chunk = [&](auto q, bool guarded, bool inside_k) {
    constexpr int Q = decltype(q)::value, P = Q < PA ? Q : Q - PA;
    const Chunk dst{(Q < PA ? dst_a : dst_b) + P * Cfg::rows_per_pass * BK};
    const Source src{(Q < PA ? src_a : src_b) + P * pass_k};
    if (!guarded || (P * Cfg::rows_per_pass < (Q < PA ? left_a : left_b) && inside_k))
      tile::apply<ptx<"cp.async.cg.shared.global">>(dst, src, scope::thread);
    else
      tile::apply<ptx<"st.shared.v4.b32">>(dst.template view<uint32>(), zeros, scope::thread);
  };
  // The loads run ahead of the MMAs through the (tile, K block) jobs of
  // this CTA, across tile boundaries: the next tile's first blocks are in
  // flight while this tile's last ones are multiplied and stored. A job
  // inside A and B (every one but the edge tiles' and a ragged last K
  // block) spreads its chunks over Shares k slices, between the MMAs; an
  // edge job issues them all at once, guarded.
  auto issue_share = [&](auto i) { // share i of a fast job's chunks
    constexpr int Q0 = decltype(i)::value * PerShare;
    constexpr int N = PA + PB - Q0 < PerShare ? PA + PB - Q0 : PerShare;
    if (fast)
      unroll<(N > 0 ? N : 0)>([&](auto q) {
        chunk(cuda::std::integral_constant<int, Q0 + decltype(q)::value>{}, false, true);
      });
  };
  int load_kb = 0, load_tile = 0;
  bool tile_inside = false, slow = false;
  const T *row_a = a, *row_b = b;
  // The next job's pointers, for stage `stage`, and the step to the job
  // after it: straight-line code, which the compiler interleaves with the
  // MMAs around it. `slow` marks the rare jobs (the first of a tile, a
  // guarded one): the main loop leaves its inner loop for slow_load, so
  // that the inner loop's body stays one block of code.
  auto prepare_load = [&](int stage) {
    const bool live = load_tile < tiles;
    src_a = row_a + load_kb * BK;
    src_b = row_b + load_kb * BK;
    dst_a = sa + stage * BM * BK + at_a;
    dst_b = sb + stage * BN * BK + at_b;
    fast = live && load_kb != 0 && tile_inside && (load_kb + 1) * BK <= k;
    slow = live && !fast;
    const bool last = load_kb + 1 == k_blocks;
    if (!slow) {
      load_kb = last ? 0 : load_kb + 1;
      load_tile += last ? 1 : 0;
    }
  };
  auto slow_load = [&] {
    if (load_kb == 0) { // a new tile: this thread's first rows of it
      const int2 at = tile_at(load_tile);
      row_a = a + static_cast<long long>(at.x + r) * k + 8 * c;
      row_b = b + static_cast<long long>(at.y + r) * k + 8 * c;
      src_a = row_a;
      src_b = row_b;
      left_a = m - at.x - r;
      left_b = n - at.y - r;
      tile_inside = at.x + BM <= m && at.y + BN <= n;
      fast = tile_inside && BK <= k;
    }
    if (!fast) {                                      // an edge: every chunk now, guarded
      const bool inside_k = load_kb * BK + 8 * c < k; // (K is a multiple of 8: whole chunks)
      unroll<PA + PB>([&](auto q) { chunk(q, true, inside_k); });
    }
    slow = false;
    const bool last = load_kb + 1 == k_blocks;
    load_kb = last ? 0 : load_kb + 1;
    load_tile += last ? 1 : 0;
  };
  auto next_load = [&](int stage) {
    prepare_load(stage);
    if (slow)
      slow_load();
  };
  // [/snippet]

  // [snippet:fragments]
  // Register fragments, two buffers: slice s is multiplied from buffer s % 2
  // while slice s + 1 is loaded into the other.
  FragA fa[2][MI];
  FragB2 fb[2][NJ];
  Acc acc[MI][2 * NJ];
  auto clear = [&] {
    for (int i = 0; i < MI; ++i)
      for (int j = 0; j < 2 * NJ; ++j)
        for (int x = 0; x < 4; ++x)
          acc[i][j].data()[x] = 0.0f;
  };
  // slice ks of a stage into buffer buf: this warp's rows of A, columns of
  // B, 16 at a time (a 16-row tile of the stage, at a multiple of 8 rows)
  auto load_fragments = [&](auto ks, auto buf, int stage) {
    constexpr int K0 = 16 * decltype(ks)::value, Buf = decltype(buf)::value;
    T* const rows_a = sa + stage * BM * BK + wr * Cfg::wm * BK;
    T* const rows_b = sb + stage * BN * BK + wc * Cfg::wn * BK;
    unroll<MI>([&](auto i) {
      const Rows16 rows{rows_a + 16 * decltype(i)::value * BK};
      tile::apply<Ldsm>(fa[Buf][i], rows.sub(_, range<K0, K0 + 16>), scope::warp);
    });
    unroll<NJ>([&](auto j) {
      const Rows16 rows{rows_b + 16 * decltype(j)::value * BK};
      tile::apply<Ldsm>(fb[Buf][j], rows.sub(_, range<K0, K0 + 16>), scope::warp);
    });
  };
  auto multiply = [&](auto buf) {
    constexpr int Buf = decltype(buf)::value;
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
      for (int j = 0; j < 2 * NJ; ++j) {
        const int jj = i % 2 ? 2 * NJ - 1 - j : j; // serpentine: B registers reused across i
        FragB fragment{fb[Buf][jj / 2].data() + 4 * (jj % 2)};
        tile::apply<Mma>(acc[i][jj], fa[Buf][i], fragment, acc[i][jj], scope::warp);
      }
  };
  // [/snippet]

  // [snippet:epilogue]
  // acc[i][j] holds D rows row0 + 16i (+ 8 for slots 2, 3) and columns
  // col0 + 8j (+ 1 for slots 1, 3): mma_c_fragment_layout's picture.
  auto store = [&](int t) {
    const int2 at = tile_at(t);
    const int row0 = at.x + wr * Cfg::wm + lane / 4, col0 = at.y + wc * Cfg::wn + 2 * (lane % 4);
    const bool pairs = n % 2 == 0; // then every pair is aligned and inside or outside as one
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
      for (int j = 0; j < 2 * NJ; ++j)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const int row = row0 + 16 * i + 8 * h, col = col0 + 8 * j;
          if (row >= m || col >= n)
            continue;
          const float x = acc[i][j].data()[2 * h], y = acc[i][j].data()[2 * h + 1];
          TD* p = d + static_cast<long long>(row) * n + col;
          if (pairs) {
            store_pair(p, x, y);
          } else {
            store_one(p, x);
            if (col + 1 < n)
              store_one(p + 1, y);
          }
        }
  };
  // [/snippet]

  clear();
  if (k_blocks == 0) { // K = 0: D = 0
    for (int t = 0; t < tiles; ++t)
      store(t);
    return;
  }
  // [snippet:mainloop]
  // The prologue: jobs 0 .. S - 2 in flight; job 0 landed and its first
  // slice in registers; job S - 1 prepared, its first share of copies out.
  using zero = cuda::std::integral_constant<int, 0>;
  for (int s = 0; s < S - 1; ++s) {
    next_load(s);
    unroll<Shares>([&](auto i) { issue_share(i); });
    cp_async_commit_group(); // empty groups too: the counting stays the same
  }
  next_load(S - 1);
  issue_share(zero{});
  cp_async_wait_group<S - 2>();
  cta_sync();
  int read = 0, write = S - 1;
  load_fragments(zero{}, zero{}, read);
  // Job j's K block: slice s multiplies from registers while slice s + 1
  // is loaded; the copies of job j + S - 1 (prepared at job j - 1's
  // barrier) go out in shares, share 0 at job j - 1's last slice, share
  // i at slice i - 1; the commit closes their group before the barrier.
  for (int t = 0; t < tiles; ++t) {
    for (int kb = 0; kb < k_blocks;) {
      do {
        unroll<KS>([&](auto ks) {
          constexpr int s = decltype(ks)::value;
          // the next slice: of this stage, or (s = KS - 1) the first of the next
          load_fragments(cuda::std::integral_constant<int, (s + 1) % KS>{},
                         cuda::std::integral_constant<int, (s + 1) % 2>{}, read);
          if constexpr (s + 1 < Shares)
            issue_share(cuda::std::integral_constant<int, s + 1>{});
          if constexpr (s == (Shares > 1 ? Shares - 2 : 0))
            cp_async_commit_group();
          multiply(cuda::std::integral_constant<int, s % 2>{});
          if constexpr (s == KS - 2) {
            // the next job has landed (at most S - 2 younger groups pending),
            // and every warp is done with the stage the next copy overwrites
            cp_async_wait_group<S - 2>();
            cta_sync();
            read = read + 1 == S ? 0 : read + 1;
            write = write + 1 == S ? 0 : write + 1;
            prepare_load(write); // job S further on, into the stage this job used
          }
          if constexpr (s == KS - 1)
            issue_share(zero{});
        });
      } while (++kb < k_blocks && !slow);
      if (slow) {
        slow_load();
        issue_share(zero{}); // (a fast first block of a tile: the share its slice skipped)
      }
    }
    store(t); // the next tile's first blocks are in flight meanwhile
    clear();
  }
  cp_async_wait_group<0>(); // nothing in flight when the CTA ends
  // [/snippet]
}

} // namespace tirx_kernels::gemm80
