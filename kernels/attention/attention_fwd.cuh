// FlashAttention forward for Hopper, written with tirx tiles:
// O = softmax(scale Q K^T + mask) V and the row logsumexp, bf16 or fp16 in,
// fp32 accumulation, head dims 64, 128, 192 and 256.
//
// One CTA of 3 warpgroups computes 128 query rows of one (batch, head)
// (or, with Pack query heads packed, 128 / Pack positions of the Pack heads
// that share one KV head: decode's few query rows fill the tile and K and V
// are read once for the group):
// warpgroup 0 is the producer (one thread issues the TMA loads: Q once,
// then K and V of each 128- or 64-row KV block into two rings of shared
// stages on full/empty mbarriers; it gives registers back with setmaxnreg),
// warpgroups 1 and 2 are the consumers, 64 query rows each. Per KV block a
// consumer computes S = Q K^T with wgmma from shared memory, masks the
// block's edges (causal, past S_k), runs the online softmax step on S in
// registers (tirx::OnlineSoftmax), converts P to bf16 in the accumulator
// layout (tirx::convert) and accumulates O += P V with wgmma whose A is P
// in registers and whose B is V read MN-major from the same shared stage
// the TMA box wrote. The QK^T of block j + 1 is issued before the PV of
// block j, so that the softmax of j + 1 runs while the tensor cores work
// on PV (FlashAttention-3's intra-warpgroup overlap). KV blocks run from
// the last to the first, so the masked ones come first. At the end O is
// divided by the row sums and stored from the registers (rows past S_q are
// not stored); the logsumexp goes to lse.
//
// Q, K, V and O are BSHD tensors (batch, sequence, head, head dim) with
// any strides on the first three modes (multiples of 16 bytes) and a
// contiguous head dim; K and V have heads_kv heads (heads_q a multiple:
// grouped-query and multi-query attention). The tensor maps zero-fill
// what lies past S_q and S_k. Variable-length batches pack their
// sequences along the sequence mode of one tensor (cumulative offsets per
// batch); a CTA reads the rows of its own sequence, and what a box brings
// from the next one is masked (keys) or not stored (queries). A paged KV
// cache holds K and V in pages of a multiple of 64 rows, found through a
// block table; the producer loads each 64-row box from its page.
#pragma once

#include "attention_tiles.cuh"

#include <tirx/exec/softmax.hpp>

namespace tirx_kernels::attention {

inline constexpr int threads = 384; ///< a producer and two consumer warpgroups
inline constexpr int block_m = 128; ///< query rows per CTA (64 per consumer)

/// The run-time arguments of a forward launch (the tensor maps travel
/// beside it). Strides in elements.
template <class T> struct FwdParams {
  int batch = 0, heads_q = 0, heads_kv = 0, seqlen_q = 0, seqlen_k = 0;
  float scale = 0.0f;      ///< the softmax scale (1 / sqrt(head dim) by default)
  float scale_log2 = 0.0f; ///< scale * log2(e)
  T* o = nullptr;          ///< (batch, seqlen_q, heads_q, D)
  long long o_batch = 0, o_row = 0, o_head = 0;
  float* lse = nullptr;                  ///< natural log; may be null
  long long lse_batch = 0, lse_head = 0; ///< lse's strides (its rows are contiguous)
  // split keys: the CTAs of a query block take num_splits shares of its KV
  // blocks; each writes its O (fp32, over its own row sums) and lse into
  // these at split * lse_split + its lse offset (O: times D), and
  // attention_fwd_combine merges them
  int num_splits = 1;
  long long lse_split = 0;
  float* o_partial = nullptr;
  float* lse_partial = nullptr;
  // variable-length batches: batch b's rows of q and o (of k and v) are
  // [cu_seqlens_q[b], cu_seqlens_q[b + 1]) of a packed tensor; null: dense
  const int* cu_seqlens_q = nullptr;
  const int* cu_seqlens_k = nullptr;
  const int* seqused_k = nullptr; ///< batch b's keys (a KV cache's lengths), or null
  // a paged KV cache: k and v are (pages, page_size, heads_kv, D), key j of
  // batch b in page block_table[b * block_table_stride + j / page_size]
  const int* block_table = nullptr;
  int block_table_stride = 0, page_size = 0;
};

/// Where batch b's rows lie: the first row of its q and o (q0) and of its k
/// and v (k0) in their tensors, its query rows (sq) and keys (sk).
struct SeqSpan {
  int q0, sq, k0, sk;
};
template <class T> TIRX_HD TIRX_FORCEINLINE SeqSpan seq_span(const FwdParams<T>& p, int b) {
  SeqSpan s{0, p.seqlen_q, 0, p.seqlen_k};
  if (p.cu_seqlens_q != nullptr)
    s.q0 = p.cu_seqlens_q[b], s.sq = p.cu_seqlens_q[b + 1] - s.q0;
  if (p.cu_seqlens_k != nullptr)
    s.k0 = p.cu_seqlens_k[b], s.sk = p.cu_seqlens_k[b + 1] - s.k0;
  if (p.seqused_k != nullptr)
    s.sk = p.seqused_k[b];
  return s;
}

/// The compile-time facts of one forward kernel: element type T (bf16 or
/// half), head dim D, KV block BN, ring stages, causal mask, a paged KV
/// cache (K and V come in boxes of 64 rows, each from its page), and the
/// query heads packed into one CTA's rows (Pack: its 128 rows are the
/// (position, head) pairs of Pack heads that share a KV head, position
/// major, so that K and V are read once for all of them).
template <class T, int D_, int BN_, int Stages_, bool Causal_, bool Paged_ = false, int Pack_ = 1>
struct FwdConfig {
  static_assert(cuda::std::is_same_v<T, bf16> || cuda::std::is_same_v<T, half>,
                "tirx_kernels::attention: Q, K, V are bf16 or fp16");
  static_assert(D_ == 64 || D_ == 128 || D_ == 192 || D_ == 256,
                "tirx_kernels::attention: head dims 64, 128, 192 and 256");
  using Elem = T;
  static constexpr int D = D_, BN = BN_, stages = Stages_;
  static constexpr bool causal = Causal_, paged = Paged_, f16 = cuda::std::is_same_v<T, half>;
  static constexpr int pack = Pack_;
  static_assert(pack == 1 || pack == 2 || pack == 4 || pack == 8,
                "tirx_kernels::attention: 1, 2, 4 or 8 query heads packed per CTA");
  static_assert(!paged || BN % 64 == 0,
                "tirx_kernels::attention: a paged KV block is whole boxes of 64 rows");
  using QBox = box<T, 64 / pack, pack>; // 64 / pack positions of pack heads
  using KVBox = box<T, paged ? 64 : BN>;
  using Map = typename QBox::Map;
  using KVMap = typename KVBox::Map;
  using QTile = SmemTile<T, 64, D, MatrixMajor::k>;
  using KTile = SmemTile<T, BN, D, MatrixMajor::k>;
  using VTile = SmemTile<T, D, BN, MatrixMajor::mn>;
  using QK = typename wgmma_of<f16, BN>::type;
  using PV = typename wgmma_of<f16, D>::type;
  // shared memory: Q (2 x 64 x D), the K and V stages (BN x D each), the
  // barriers (Q's, then the two rings), each tile on 1024 bytes
  static constexpr int q_bytes = 2 * 64 * D * 2, kv_bytes = BN * D * 2;
  static constexpr int k_at = q_bytes, v_at = k_at + stages * kv_bytes;
  static constexpr int bar_at = v_at + stages * kv_bytes;
  static constexpr int smem_bytes = bar_at + 8 * (1 + 4 * stages);
  static_assert(smem_bytes <= 232448, "tirx_kernels::attention: the stages must fit in 227 KB");
};

#if defined(__CUDACC__)
/// The KV blocks a CTA of query rows [m0, m0 + block_m) visits: [0, n_end)
/// (rows of (position, head) pairs when heads are packed: sq * pack rows).
template <class Cfg> __device__ TIRX_FORCEINLINE int kv_blocks(int m0, int sq, int sk) {
  int n_end = (sk + Cfg::BN - 1) / Cfg::BN;
  if constexpr (Cfg::causal) {
    // bottom-right alignment: row r sees the keys c <= r + (sk - sq)
    const int rows = sq * Cfg::pack;
    const int last_row = ((m0 + block_m < rows ? m0 + block_m : rows) - 1) / Cfg::pack;
    const int last_col = last_row + (sk - sq);
    const int reach = last_col < 0 ? 0 : last_col / Cfg::BN + 1;
    n_end = reach < n_end ? reach : n_end;
  }
  return n_end;
}

template <class Cfg>
__global__ void __launch_bounds__(threads, 1)
    attention_fwd_kernel(const __grid_constant__ typename Cfg::Map map_q,
                         const __grid_constant__ typename Cfg::KVMap map_k,
                         const __grid_constant__ typename Cfg::KVMap map_v,
                         const __grid_constant__ FwdParams<typename Cfg::Elem> p) {
  using T = typename Cfg::Elem;
  constexpr int D = Cfg::D, BN = Cfg::BN, Stages = Cfg::stages;
  extern __shared__ __align__(1024) unsigned char smem[];
  T* q_smem = reinterpret_cast<T*>(smem);
  T* k_smem = reinterpret_cast<T*>(smem + Cfg::k_at);
  T* v_smem = reinterpret_cast<T*>(smem + Cfg::v_at);
  auto* words = reinterpret_cast<cuda::std::uint64_t*>(smem + Cfg::bar_at);
  MBarrier q_full(words);
  BarrierRing<Stages> k_ring(words + 1), v_ring(words + 1 + 2 * Stages);

  constexpr int P = Cfg::pack;
  // the first of this CTA's P query heads (its only one when P is 1)
  const int h = static_cast<int>(blockIdx.y) * P, b = static_cast<int>(blockIdx.z);
  const SeqSpan span = seq_span(p, b);
  const int m_blocks = (span.sq * P + block_m - 1) / block_m;
  const int split = static_cast<int>(blockIdx.x) % p.num_splits;
  const int m_index = static_cast<int>(blockIdx.x) / p.num_splits;
  if (m_index >= m_blocks)
    return; // a shorter sequence of a variable-length batch
  TIRX_CHECK(m_blocks * p.num_splits <= static_cast<int>(gridDim.x),
             "tirx_kernels::attention: a sequence of cu_seqlens_q is longer than seqlen_q; pass "
             "the longest as seqlen_q");
  TIRX_CHECK(!Cfg::paged || span.sk <= p.block_table_stride * p.page_size,
             "tirx_kernels::attention: a batch's keys (seqused_k) exceed its pages_per_seq pages; "
             "pass the most keys of any batch as seqlen_k");
  // the longest causal rows first: blockIdx.x counts m blocks from the end
  const int m_block = Cfg::causal ? m_blocks - 1 - m_index : m_index;
  const int m0 = m_block * block_m;
  const int h_kv = h / (p.heads_q / p.heads_kv);
  // this CTA's KV blocks: [n_lo, n_end), its share of the query block's
  int n_lo = 0, n_end = kv_blocks<Cfg>(m0, span.sq, span.sk);
  if (p.num_splits > 1) {
    const int share = (n_end + p.num_splits - 1) / p.num_splits;
    n_lo = min(split * share, n_end), n_end = min(n_lo + share, n_end);
  }
  const int wg = static_cast<int>(threadIdx.x / 128);
  // the batch coordinate of the tensor maps: 0 in a packed tensor
  const int qb = p.cu_seqlens_q != nullptr ? 0 : b, kb = p.cu_seqlens_k != nullptr ? 0 : b;

  if (threadIdx.x == 0) {
    q_full.init(1);
    k_ring.init(1, 2); // full: the producer's arrive (+ bytes); empty: one per consumer
    v_ring.init(1, 2);
    fence_mbarrier_init();
  }
  cta_sync();

  if (wg == 0) {
    setmaxnreg_dec<24>();
    if (threadIdx.x == 0 && n_end > n_lo) {
      (void)tma_barrier<tma_bytes<T>(block_m * D)>(q_full).arrive();
      load_tile<typename Cfg::QBox, D>(q_smem, map_q, q_full, qb, span.q0 + m0 / P, h);
      load_tile<typename Cfg::QBox, D>(q_smem + 64 * D, map_q, q_full, qb, span.q0 + (m0 + 64) / P,
                                       h);
      // K or V block n into a stage: BN rows of the sequence, or of its pages
      // (64-row boxes; a box wholly past the keys reads the last page: masked)
      auto load_kv = [&](T* stage, const typename Cfg::KVMap& map, MBarrier bar, int n) {
        if constexpr (Cfg::paged) {
          const int last = (span.sk - 1) / p.page_size;
          const int* pages = p.block_table + static_cast<long long>(b) * p.block_table_stride;
#pragma unroll
          for (int r = 0; r < BN; r += 64) {
            const int key = n * BN + r, at = key / p.page_size;
            load_tile<typename Cfg::KVBox, D, BN>(
                stage + r * 64, map, bar, pages[at < last ? at : last], key % p.page_size, h_kv);
          }
        } else {
          load_tile<typename Cfg::KVBox, D>(stage, map, bar, kb, span.k0 + n * BN, h_kv);
        }
      };
      PipelineState<Stages> ks{}, vs{};
      for (int n = n_end - 1; n >= n_lo; --n, ks.advance(), vs.advance()) {
        k_ring.producer_acquire(ks);
        k_ring.template producer_commit_tx<tma_bytes<T>(BN * D)>(ks);
        load_kv(k_smem + ks.index * BN * D, map_k, k_ring.full(ks.index), n);
        v_ring.producer_acquire(vs);
        v_ring.template producer_commit_tx<tma_bytes<T>(BN * D)>(vs);
        load_kv(v_smem + vs.index * BN * D, map_v, v_ring.full(vs.index), n);
      }
    }
    return;
  }

  setmaxnreg_inc<240>();
  const int c = wg - 1; // this consumer's rows: m0 + 64c ..
  const int row0 = m0 + 64 * c;
  const bool leader = threadIdx.x % 128 == 0;
  auto q = decl_tensor<typename Cfg::QTile>(q_smem + c * 64 * D);
  auto s = alloc_wgmma_accumulator<float, BN>();
  auto o = alloc_wgmma_accumulator<float, D>();
  auto pr = alloc_like<T>(s);
  OnlineSoftmax<decltype(s)> softmax;
  PipelineState<Stages> ks{}, vs{};

  // S = Q K^T of the K block in stage ks
  auto qk = [&] {
    k_ring.consumer_wait(ks);
    auto k = decl_tensor<typename Cfg::KTile>(k_smem + ks.index * BN * D);
    wgmma_fence(s);
    detail::static_for<D / 16>([&](auto j) {
      constexpr int k0 = 16 * decltype(j)::value;
      tile::apply<typename Cfg::QK>(s, q.sub(_, range<k0, k0 + 16>), k.sub(_, range<k0, k0 + 16>),
                                    scope::warpgroup, tile::accumulate(k0 > 0));
    });
    wgmma_commit_group();
  };
  // O += P V of the V block in stage vs (O set, not added to, when first)
  auto pv = [&](bool first) {
    v_ring.consumer_wait(vs);
    auto v = decl_tensor<typename Cfg::VTile>(v_smem + vs.index * BN * D);
    wgmma_fence(o, pr);
    detail::static_for<BN / 16>([&](auto j) {
      constexpr int k0 = 16 * decltype(j)::value;
      tile::apply<typename Cfg::PV>(o, pr.sub(_, range<k0, k0 + 16>), v.sub(_, range<k0, k0 + 16>),
                                    scope::warpgroup, tile::accumulate(!first || k0 > 0));
    });
    wgmma_commit_group();
  };
  // the masks of block n: causal (bottom-right aligned) and past S_k; the
  // blocks run from the last, so once one needs none, no later one does
  const int diag = span.sk - span.sq;
  auto mask = [&](int n) {
    const int col0 = n * BN;
    const bool tail = col0 + BN > span.sk;
    const bool causal_edge = Cfg::causal && col0 + BN - 1 > row0 / P + diag;
    if (tail || causal_edge) {
      const int sk = span.sk;
      coord_map(
          [&](float x, int r, int col) {
            return col >= sk || (Cfg::causal && col > r / P + diag) ? -INFINITY : x;
          },
          s, row0, col0);
    }
  };
  auto times = [](float x, float f) { return x * f; };

  if (n_end > n_lo) {
    q_full.wait(0);
    qk();
    wgmma_wait_group<0>(s);
    if (leader)
      k_ring.consumer_release(ks);
    ks.advance();
    mask(n_end - 1);
    (void)softmax.template step<true>(s, p.scale_log2);
    convert(pr, s);
    for (int n = n_end - 2; n >= n_lo; --n) {
      qk();               // S of block n ...
      pv(n == n_end - 2); // ... issued before O += P V of block n + 1
      wgmma_wait_group<1>(s);
      if (leader)
        k_ring.consumer_release(ks);
      ks.advance();
      mask(n);
      const auto factor = softmax.step(s, p.scale_log2);
      wgmma_wait_group<0>(o, pr);
      if (leader)
        v_ring.consumer_release(vs);
      vs.advance();
      row_map(times, o, factor);
      convert(pr, s);
    }
    pv(n_end - n_lo == 1);
    wgmma_wait_group<0>(o, pr);
    if (leader)
      v_ring.consumer_release(vs);
  } else { // no key for any row of the CTA (causal, S_q > S_k; an empty share)
    coord_map([](float, int, int) { return 0.0f; }, o);
  }
  const auto inv = softmax.finish();
  row_map(times, o, inv);

  // the epilogue: O in the input type, pairs of columns from the registers;
  // a share of split keys leaves O in fp32 and its lse for the combine.
  // Row r is position r / P of head h + r % P (r itself when P is 1).
  auto lse_row = [&](int r) {
    return b * p.lse_batch + (h + r % P) * p.lse_head + span.q0 + r / P;
  };
  const bool splits = p.num_splits > 1;
  const long long split_at = split * p.lse_split;
  if (splits) {
    if constexpr (P == 1)
      store_fragment(o, p.o_partial + (split_at + lse_row(0)) * D, D, row0, 0, span.sq, D);
    else
      store_fragment_rows(
          o,
          [&](int r) -> float* {
            return r / P < span.sq ? p.o_partial + (split_at + lse_row(r)) * D : nullptr;
          },
          row0, 0, D);
  } else {
    auto out = alloc_like<T>(o);
    convert(out, o);
    T* o_seq = p.o + b * p.o_batch + span.q0 * p.o_row + h * p.o_head;
    if constexpr (P == 1)
      store_fragment(out, o_seq, p.o_row, row0, 0, span.sq, D);
    else
      store_fragment_rows(
          out,
          [&](int r) -> T* {
            return r / P < span.sq ? o_seq + (r / P) * p.o_row + (r % P) * p.o_head : nullptr;
          },
          row0, 0, D);
  }
  float* lse = splits ? p.lse_partial + split_at : p.lse;
  if ((splits || p.lse != nullptr) && fragment_origin<decltype(s)>()[1] == 0) {
    const auto rows = fragment_row_coords<decltype(s)>(row0);
#pragma unroll
    for (int j = 0; j < fragment_rows<decltype(s)>; ++j)
      if (rows[j] / P < span.sq)
        lse[lse_row(rows[j])] = softmax.lse(j, p.scale);
  }
}

/// Merges the num_splits shares of split keys: per row, O = sum_s w_s O_s
/// with w_s = exp(lse_s - lse) and lse = log sum_s exp(lse_s) (a share
/// without keys has lse_s = +inf and weight 0; a row without any, O = 0
/// and lse = +inf). One warp per row, 4 rows a block of 128 threads; grid
/// (rows / 4, heads_q, batch).
template <class T, int D>
__global__ void __launch_bounds__(128)
    attention_fwd_combine(const __grid_constant__ FwdParams<T> p) {
  const int b = static_cast<int>(blockIdx.z), h = static_cast<int>(blockIdx.y);
  const int row = static_cast<int>(blockIdx.x) * 4 + static_cast<int>(threadIdx.x / 32);
  const int lane = static_cast<int>(threadIdx.x % 32);
  const SeqSpan span = seq_span(p, b);
  if (row >= span.sq)
    return;
  const long long at = b * p.lse_batch + h * p.lse_head + span.q0 + row;
  float top = -INFINITY;
  for (int s = 0; s < p.num_splits; ++s) {
    const float l = p.lse_partial[s * p.lse_split + at];
    top = l != INFINITY && l > top ? l : top;
  }
  constexpr int per_lane = D / 32;
  float acc[per_lane] = {}, total = 0.0f;
  if (top != -INFINITY)
    for (int s = 0; s < p.num_splits; ++s) {
      const float l = p.lse_partial[s * p.lse_split + at];
      if (l == INFINITY)
        continue;
      const float w = __expf(l - top);
      total += w;
      const float* os = p.o_partial + (s * p.lse_split + at) * D;
#pragma unroll
      for (int i = 0; i < per_lane; ++i)
        acc[i] += w * os[lane + 32 * i];
    }
  T* o = p.o + b * p.o_batch + (span.q0 + row) * p.o_row + h * p.o_head;
  const float inv = total > 0.0f ? 1.0f / total : 0.0f;
#pragma unroll
  for (int i = 0; i < per_lane; ++i) {
    if constexpr (cuda::std::is_same_v<T, half>)
      o[lane + 32 * i] = __float2half_rn(acc[i] * inv);
    else
      o[lane + 32 * i] = __float2bfloat16_rn(acc[i] * inv);
  }
  if (p.lse != nullptr && lane == 0)
    p.lse[at] = total > 0.0f ? top + logf(total) : INFINITY;
}
#endif

} // namespace tirx_kernels::attention
