// The shared tiles of the Hopper GEMM (kernels/gemm/gemm_sm90.cuh): the
// CTA tile (128 x 256, 224, 176 or 128; K blocks of 64), the stage layouts of A and B in
// either major, the TMA boxes and tensor maps that fill them (2-D, or 3-D
// with a batch mode), the D staging, the shared-memory plan, and Config,
// the compile-time facts of one kernel.
//
// A stage holds A as (128, 64) and B as (256, 64) = (MN, K), the view
// wgmma reads. A K-major operand (A row-major, B column-major) is one TMA
// box of (rows, 64) with the 128-byte swizzle; an MN-major one (A
// column-major, B row-major) is 2 (A) or 4 (B) boxes of (64 K, 64 MN),
// each an MN-major block of 64 x 64 with the same swizzle, which wgmma
// reads with its transpose bit: no transpose pass.
#pragma once

#include "gemm_options.cuh"

#include <tirx/tile.hpp>

namespace tirx_kernels::gemm_sm90 {

using bf16 = nv_bfloat16;
using namespace tirx;

inline constexpr int block_m = 128, block_n = 256, block_k = 64;
inline constexpr int threads = 384;

/// A stage tile of `rows` x 64 16-bit elements: K-major, rows of one
/// 128-byte swizzle row (what a TMA box of (rows, 64) with the 128B
/// swizzle writes), or MN-major, blocks of 64 MN x 64 K.
TIRX_HD constexpr TileLayout stage_layout(index_t rows, MatrixMajor major = MatrixMajor::k) {
  return wgmma_smem_layout(shape(rows, block_k), major, SwizzleMode::b128, 2);
}

// The layouts as types: class templates whose member names the value
// (g++ 12 fails on a layout value computed from a template parameter in an
// alias template; cudafe++ on a value spelled in a macro expansion).
template <int Rows, MatrixMajor M> struct stage_layout_of {
  static constexpr TileLayout value = stage_layout(Rows, M);
  using type = typename detail::layout_type_of<value>::type;
};
template <class T, int Rows, MatrixMajor M>
using StageTile = Tensor<T, ShapeT<Rows, block_k>, MemScope::shared_dyn, 1024,
                         typename stage_layout_of<Rows, M>::type>;

/// A TMA box of (R, C) elements of `Bytes` bytes (Rank 3: (1, R, C), the
/// batch mode first), landing row-major with the swizzle whose span is its
/// row: 128 bytes (the stages' boxes, D's of a 256- or 128-wide tile), 64 or
/// 32 (D's of the 176-wide tile).
template <int Rank, int R, int C, int Bytes> struct box {
  static_assert(C * Bytes == 128 || C * Bytes == 64 || C * Bytes == 32,
                "gemm_sm90::box: a box row of 32, 64 or 128 bytes");
  static constexpr SwizzleMode mode = C * Bytes == 128  ? SwizzleMode::b128
                                      : C * Bytes == 64 ? SwizzleMode::b64
                                                        : SwizzleMode::b32;
  static constexpr Shape extents = Rank == 2 ? shape(R, C) : shape(1, R, C);
  static constexpr TileLayout value = tma_smem_layout(extents, mode, Bytes);
  using shape_type = typename detail::shape_type_of<extents>::type;
  using layout_type = typename detail::layout_type_of<value>::type;
};
template <class T, int Rank, int R, int C>
using BoxMap = TensorMap<T, typename box<Rank, R, C, sizeof(T)>::shape_type,
                         typename box<Rank, R, C, sizeof(T)>::layout_type>;
template <class T, int Rank, int R, int C>
using BoxTile = typename BoxMap<T, Rank, R, C>::template smem_tensor<>;

/// The wgmma of one 16-wide K slice for inputs fp16 (F16) or bf16, N = BN
/// (256, 224, 176 or 128).
template <bool F16, int BN> struct wgmma_of;
template <> struct wgmma_of<false, 256> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 256> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 176> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n176k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 176> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n176k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 224> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n224k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 224> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n224k16.f32.f16.f16">;
};
template <> struct wgmma_of<false, 128> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16">;
};
template <> struct wgmma_of<true, 128> {
  using type = ptx<"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16">;
};
template <class T, int BN = block_n>
using wgmma_op = typename wgmma_of<cuda::std::is_same_v<T, half>, BN>::type;

/// Where A, B and D travel: TMA loads and the TMA-store epilogue; TMA loads
/// and stores from the registers; or either, chosen per launch (Params).
enum class Io { tma, tma_direct, any };

/// A stream-K plan (gemm_streamk.cuh): dp tiles whole (round-robin over the grid), the sk
/// after them divided among the first `ctas` CTAs (sk 0: none), k_blocks K
/// blocks per tile. Stream-K proper divides them among the whole grid; the
/// tail split is the plan whose dp holds the whole waves and
/// whose sk tail tiles go to S CTAs each (ctas = S x sk).
struct StreamKPlan {
  long long dp = 0, sk = 0;
  int ctas = 0, k_blocks = 0;
  /// The first of CTA c's stream-K iterations (c >= ctas: their end).
  TIRX_HD constexpr long long begin(long long c) const {
    return (c < ctas ? c : ctas) * (sk * k_blocks) / ctas;
  }
  /// The CTA whose range holds iteration x.
  TIRX_HD constexpr long long cta_of(long long x) const {
    const long long iters = sk * k_blocks;
    return ((x + 1) * ctas + iters - 1) / iters - 1;
  }
};

/// The run-time arguments of a launch (the tensor maps travel beside it).
template <class T, class Out, class Fn> struct Params {
  int m = 0, n = 0, k = 0, batch = 1;
  const T* a = nullptr; ///< A, B: what the tensor maps read (16-byte rows)
  long long lda = 0, stride_a = 0;
  const T* b = nullptr;
  long long ldb = 0, stride_b = 0;
  Out* d = nullptr; ///< written by plain stores when !tma_store
  long long ldd = 0, stride_d = 0;
  const Out* c = nullptr;
  long long ldc = 0, stride_c = 0;
  const Out* bias = nullptr;
  long long stride_bias = 0;
  float alpha = 1.0f, beta = 0.0f;
  int a_batch = 1, b_batch = 1; ///< 0: one matrix for the whole batch (its TMA batch coordinate)
  bool tma_store = true;
  bool pairs = true; ///< D's elements (i, 2j), (i, 2j + 1) may be stored as one pair
  Fn fn{};
  int split = 1;              ///< split-K (Io::any only): K blocks cut into split ranges
  int split_blocks = 0;       ///< K blocks per range (every range holds at least one)
  float* workspace = nullptr; ///< split > 1: the fp32 partials, slice (batch, split) of m x n;
                              ///< tail_split > 1: the tail's slots and counters (gemm_streamk.cuh)
  int sk_mode = 0;            ///< Io::any: 0 none, 1 the tail split (sk_split ranges), 2 stream-K
  int sk_split = 1;           ///< the tail split's S
  int sk_slots = 0;           ///< the CTAs the workspace holds slots for (gemm_streamk.cuh)
  StreamKPlan sk{}; ///< the plan: launch() fills it for its grid (the kernel its k_blocks)
};

/// The compile-time facts of one kernel: input and output types, the
/// majors of A and B, the epilogue, the I/O paths, the rank of the tensor
/// maps (2, or 3 with the batch mode), stages, the wgmma overlap, cluster,
/// the tile's N (256: the fast path's; 128: more tiles for small problems),
/// and DCol (Io::any): D and C column-major, element (i, j) at j ld + i,
/// the bias along the other mode, so that the launch computes D^T = B^T A^T
/// of the caller's D = A B (gemm.cuh's exchange, GemmArgs::swap_ab).
template <class T_, class Out_, Major MajorA, Major MajorB, class Epi_, Io IO, int Rank_,
          int Stages_, bool Overlap_, int Cluster_, int BlockN_ = block_n, bool DCol_ = false>
struct Config {
  static_assert(sizeof(T_) == 2,
                "tirx_kernels::gemm: the inputs must be 16-bit (sizeof(T) == 2); "
                "pass __nv_bfloat16 or __half A and B (convert wider inputs first)");
  static_assert(Cluster_ == 1 || (Cluster_ == 2 && IO != Io::any),
                "tirx_kernels::gemm: a cluster of 2 CTAs needs the TMA loads of Io::tma or "
                "Io::tma_direct; use Cluster 1 with Io::any");
  static_assert(BlockN_ == 256 || BlockN_ == 224 || BlockN_ == 176 || BlockN_ == 128,
                "tirx_kernels::gemm: the CTA tile is 128 x 256, 128 x 224, 128 x 176 or 128 x 128 "
                "(BlockN 256, 224, 176 or 128)");
  static_assert(
      BlockN_ % 64 == 0 || MajorB == Major::col,
      "tirx_kernels::gemm: a 128 x 224 or 128 x 176 tile reads B K-major (column-major B): its "
      "rows are no whole number of the 64-wide MN-major boxes; use BlockN 256 or 128");
  static_assert(IO == Io::any || BlockN_ == 256 || BlockN_ == 224,
                "tirx_kernels::gemm: the fast path's kernel (Io::tma, Io::tma_direct) runs the "
                "128 x 256 or 128 x 224 tile; use Io::any for 176 or 128");
  static_assert(BlockN_ == 256 || BlockN_ == 128 || !DCol_,
                "tirx_kernels::gemm: the exchange (DCol) runs the 128 x 256 tile");
  using T = T_;
  using Out = Out_;
  static constexpr int tile_n = BlockN_;
  using Epi = Epi_;
  static constexpr Io io = IO;
  static constexpr int rank = Rank_, stages = Stages_, cluster = Cluster_;
  static constexpr bool overlap = Overlap_;
  static constexpr bool d_col = DCol_;
  static_assert(!DCol_ || IO == Io::any, "tirx_kernels::gemm: a column-major D (DCol) is stored "
                                         "from the registers: Io::any");
  static constexpr MatrixMajor ma = MajorA == Major::row ? MatrixMajor::k : MatrixMajor::mn;
  static constexpr MatrixMajor mb = MajorB == Major::col ? MatrixMajor::k : MatrixMajor::mn;
  /// MN rows per box and boxes per stage (B: per CTA of the cluster).
  static constexpr int a_rows = ma == MatrixMajor::k ? block_m : 64;
  static constexpr int b_rows = mb == MatrixMajor::k ? tile_n / Cluster_ : 64;
  static constexpr int a_boxes = block_m / a_rows, b_boxes = tile_n / Cluster_ / b_rows;
  template <MatrixMajor M, int Rows>
  using MapOf = cuda::std::conditional_t<M == MatrixMajor::k, BoxMap<T, Rank_, Rows, block_k>,
                                         BoxMap<T, Rank_, block_k, 64>>;
  using MapA = MapOf<ma, a_rows>;
  using MapB = MapOf<mb, b_rows>;
  /// D's boxes: 64 rows of 128 bytes (64 16-bit values, 32 floats), or of
  /// 64 or 32 where a pass's row is no whole number of 128 bytes (BN = 224:
  /// 448 bytes, 7 boxes of 32 16-bit values or 16 floats; BN = 176:
  /// 352 bytes, 11 boxes of 16 16-bit values or 8 floats; store_staged's
  /// passes: one for 16-bit D, two of BN / 2 columns for fp32).
  static constexpr int pass_bytes = tile_n * 2;
  static constexpr int d_bytes = pass_bytes % 128 == 0 ? 128 : pass_bytes % 64 == 0 ? 64 : 32;
  static constexpr int d_cols = d_bytes / static_cast<int>(sizeof(Out));
  using MapD = BoxMap<Out, Rank_, 64, d_cols>;
  /// A consumer's D staging: d_slots slots of d_pass_n columns, stored in
  /// tile_n / d_pass_n passes. Whole (one slot of the part, or of half of it
  /// for fp32) where it fits beside the stages; else a ring of two slots of
  /// one box each (4 stages of 128 x 256: 32 KB of staging, not 64).
  static constexpr int whole_n = tile_n * 2 / static_cast<int>(sizeof(Out));
  static constexpr bool d_ring = Stages_ * (block_m + tile_n) * block_k * 2 +
                                     2 * 64 * whole_n * static_cast<int>(sizeof(Out)) + 1024 >
                                 232448;
  static constexpr int d_pass_n = d_ring ? d_cols : whole_n, d_slots = d_ring ? 2 : 1;
  static constexpr int d_stage_cols = d_pass_n * d_slots;
  using ParamsT = Params<T, Out, typename Epi::function>;
};

/// The shared memory of one CTA: Stages A and B tiles, the D staging
/// (DCols columns of 64 rows per consumer warpgroup, as TMA boxes; by
/// default its whole 64 x BN part, or half of it for fp32: 64 KB for BN =
/// 256), the barrier ring.
template <class T, class Out, int Stages> struct Plan {
  T* a;
  T* b;
  Out* d; ///< the D tile on its way out (TMA-store epilogue), or null
  BarrierRing<Stages> ring;
};
template <class T, class Out, int Stages, bool Staging, int BN = block_n,
          int DCols = BN * 2 / static_cast<int>(sizeof(Out))>
TIRX_HD constexpr Plan<T, Out, Stages> plan(SMEMPool& pool) {
  // the stages one after the other (each stage tile is viewed with its
  // swizzled layout at its 1024-byte aligned offset)
  constexpr Shape sa = shape(Stages * block_m, block_k), sb = shape(Stages * BN, block_k);
  auto a = pool.alloc<T, sa, row_major(sa), 1024>();
  auto b = pool.alloc<T, sb, row_major(sb), 1024>();
  Out* dst = nullptr;
  constexpr Shape sd = shape(2 * 64 * DCols);
  if constexpr (Staging)
    dst = pool.alloc<Out, sd, row_major(sd), 1024>().data();
  auto ring = BarrierRing<Stages>::alloc(pool);
  pool.commit();
  return Plan<T, Out, Stages>{a.data(), b.data(), dst, ring};
}
template <class Cfg> TIRX_HD constexpr unsigned long long smem_bytes_for() {
  SMEMPool pool;
  plan<typename Cfg::T, typename Cfg::Out, Cfg::stages, Cfg::io != Io::tma_direct, Cfg::tile_n,
       Cfg::d_stage_cols>(pool);
  return pool.bytes();
}

} // namespace tirx_kernels::gemm_sm90
