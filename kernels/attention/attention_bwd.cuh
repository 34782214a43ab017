// FlashAttention backward for Hopper, written with tirx tiles: dQ, dK and
// dV from Q, K, V, O, dO and the forward's logsumexp, bf16 or fp16 in,
// fp32 accumulation, head dims 64 and 128.
//
// Three kernels. attention_bwd_prep computes D = rowsum(dO * O) and the
// logsumexp in log2 units per query row (padded to whole 64-row blocks:
// +inf and 0 past S_q, so that P and dS vanish there without a mask).
// attention_bwd_kernel: one CTA of 3 warpgroups owns 128 key rows of one
// (batch, KV head) and walks the query blocks of every query head of its
// group (GQA sums dK and dV in registers, in a fixed order). Warpgroup 0
// is the producer: one thread loads K and V once and then Q, dO, the
// logsumexp and D of each 64-row query block into a ring of stages (TMA
// boxes and bulk copies on one mbarrier per stage); a second thread adds
// each dQ block into the fp32 dQ accumulator with a bulk reduce-add
// (cp.reduce.async.bulk .add.f32), in key-block order behind a semaphore
// per query block when the run is deterministic. Warpgroups 1 and 2 own 64
// key rows each and compute, per query block, with the transposed scores
// (key rows in the accumulator's rows, so that dV and dK take P and dS as
// their register A):
//   S^T = K Q^T, dP^T = V dO^T                 (SS wgmma)
//   P^T = exp2(scale_log2 S^T - lse2[q])       (masked: 0)
//   dV += P^T dO                               (RS wgmma, dO read MN-major)
//   dS^T = P^T * (dP^T - D[q])
//   dK += dS^T Q                               (RS wgmma, Q read MN-major)
//   dS^T to shared memory (both halves, double-buffered), a named barrier,
//   dQ = dS K  (SS wgmma, dS and K read MN-major; D = 128: 64 columns per
//   warpgroup, D = 64: one warpgroup per query block in turn), stored to a
//   shared dQ block for the reduce-add.
// attention_bwd_dq scales the accumulated dQ and converts it to the input
// type. dK is scaled in registers; dK and dV are stored from registers.
#pragma once

#include "attention_fwd.cuh"

#include <cuda/atomic>

namespace tirx_kernels::attention {

inline constexpr int bwd_threads = 384; ///< a producer and two consumer warpgroups
inline constexpr int bwd_block_m = 64;  ///< query rows per step
inline constexpr int bwd_block_n = 128; ///< key rows per CTA (64 per consumer)
inline constexpr int dq_pad = 8;        ///< floats after each dQ row (spreads the banks)

/// The run-time arguments of a backward launch (strides in elements).
template <class T> struct BwdParams {
  int batch = 0, heads_q = 0, heads_kv = 0, seqlen_q = 0, seqlen_k = 0, m_blocks = 0;
  float scale = 0.0f, scale_log2 = 0.0f;
  const T* o = nullptr; ///< (batch, seqlen_q, heads_q, D)
  const T* d_o = nullptr;
  long long o_batch = 0, o_row = 0, o_head = 0, do_batch = 0, do_row = 0, do_head = 0;
  const float* lse = nullptr; ///< the forward's (batch, heads_q, seqlen_q), natural log
  float* lse2 = nullptr;      ///< (batch, heads_q, m_blocks * 64): lse * log2(e), +inf past S_q
  float* dsum = nullptr;      ///< the same shape: rowsum(dO * O), 0 past S_q
  float* dq_accum = nullptr;  ///< (batch, heads_q, m_blocks, 64, D + dq_pad)
  int* semaphore = nullptr;   ///< (batch, heads_q, m_blocks): key blocks added so far
  T* dq = nullptr;
  T* dk = nullptr;
  T* dv = nullptr;
  long long dq_batch = 0, dq_row = 0, dq_head = 0, dk_batch = 0, dk_row = 0, dk_head = 0;
  long long dv_batch = 0, dv_row = 0, dv_head = 0;
};

/// The compile-time facts of one backward kernel.
template <class T, int D_, int Stages_, bool Causal_, bool Deterministic_> struct BwdConfig {
  static_assert(cuda::std::is_same_v<T, bf16> || cuda::std::is_same_v<T, half>,
                "tirx_kernels::attention: Q, K, V are bf16 or fp16");
  static_assert(D_ == 64 || D_ == 128,
                "tirx_kernels::attention: the backward takes head dims 64 and 128");
  using Elem = T;
  static constexpr int D = D_, stages = Stages_;
  static constexpr bool causal = Causal_, deterministic = Deterministic_;
  static constexpr bool f16 = cuda::std::is_same_v<T, half>;
  using Box = box<T, 64>;
  using Map = typename Box::Map;
  using Rows = SmemTile<T, 64, D, MatrixMajor::k>;      ///< Q, dO, half of K or V
  using RowsT = SmemTile<T, D, 64, MatrixMajor::mn>;    ///< the same bytes as (D, 64)
  using DsTile = SmemTile<T, 64, 128, MatrixMajor::mn>; ///< dS: (64 q, 128 kv)
  static constexpr TileLayout dq_layout = S({64, D}, {D + dq_pad, 1});
  using DqTile = Tensor<float, ShapeT<64, D>, MemScope::shared_dyn, 16,
                        typename detail::layout_type_of<dq_layout>::type>;
  using Mma64 = typename wgmma_of<f16, 64>::type; ///< S^T, dP^T
  using MmaD = typename wgmma_of<f16, D>::type;   ///< dV, dK
  /// dQ = dS K: D = 128 splits its columns between the two warpgroups (64
  /// each, every step); D = 64 gives the whole block to one warpgroup, the
  /// two in turn (an accumulator of 64 columns either way).
  static constexpr bool split_dq = D == 128;
  static constexpr int dq_cols = 64, dq_arrivals = split_dq ? 256 : 128;
  using KT = SmemTile<T, 64, 64, MatrixMajor::mn>; ///< 64 columns of K^T over 64 keys
  using MmaDq = Mma64;
  static constexpr int half_bytes = 64 * D * 2;
  static constexpr int stage_bytes = 2 * half_bytes + 1024; // Q, dO, lse2 and D (256 B each)
  static constexpr unsigned stage_tx = 2 * half_bytes + 512;
  static constexpr int k_at = 0, v_at = 2 * half_bytes, stage_at = 4 * half_bytes;
  static constexpr int ds_at = stage_at + stages * stage_bytes, ds_bytes = 64 * 128 * 2;
  static constexpr int dq_at = ds_at + 2 * ds_bytes, dq_bytes = 64 * (D + dq_pad) * 4;
  static constexpr int bar_at = dq_at + dq_bytes;
  static constexpr int smem_bytes = bar_at + 8 * (3 + 2 * stages);
  static_assert(smem_bytes <= 232448, "tirx_kernels::attention: the stages must fit in 227 KB");
};

/// The first query block that sees a key of key block n (causal,
/// bottom-right aligned: row r sees keys c <= r + diag).
__host__ __device__ inline int bwd_first_m(int n, int diag, bool causal) {
  if (!causal)
    return 0;
  const int x = n * bwd_block_n - diag; // the first row that sees key n * 128
  return x <= 0 ? 0 : x / bwd_block_m;
}

#if defined(__CUDACC__)
/// 16-bit <-> float without the implicit conversions (which builds with
/// __CUDA_NO_HALF_CONVERSIONS__ or __CUDA_NO_BFLOAT16_CONVERSIONS__, as
/// PyTorch's extensions, turn off).
template <class T> __device__ TIRX_FORCEINLINE float to_float(T x) {
  if constexpr (cuda::std::is_same_v<T, half>)
    return __half2float(x);
  else
    return __bfloat162float(x);
}
template <class T> __device__ TIRX_FORCEINLINE T from_float(float x) {
  if constexpr (cuda::std::is_same_v<T, half>)
    return __float2half_rn(x);
  else
    return __float2bfloat16_rn(x);
}

/// D = rowsum(dO * O) and lse2 = lse * log2(e) per query row, padded to
/// whole 64-row blocks. Grid (m_blocks, heads_q, batch), 256 threads: a
/// warp per row, 8 rows per warp.
template <class T, int D> __global__ void attention_bwd_prep(const BwdParams<T> p) {
  const int h = static_cast<int>(blockIdx.y), b = static_cast<int>(blockIdx.z);
  const int warp = static_cast<int>(threadIdx.x / 32), lane = static_cast<int>(threadIdx.x % 32);
  constexpr int per_lane = D / 32;
  const long long head = (static_cast<long long>(b) * p.heads_q + h) * p.m_blocks * 64;
  for (int i = 0; i < 8; ++i) {
    const int r = static_cast<int>(blockIdx.x) * 64 + warp * 8 + i;
    float sum = 0.0f;
    if (r < p.seqlen_q) {
      const T* o = p.o + b * p.o_batch + r * p.o_row + h * p.o_head + lane * per_lane;
      const T* d = p.d_o + b * p.do_batch + r * p.do_row + h * p.do_head + lane * per_lane;
#pragma unroll
      for (int j = 0; j < per_lane; ++j)
        sum = fmaf(to_float(o[j]), to_float(d[j]), sum);
    }
#pragma unroll
    for (int m = 16; m > 0; m /= 2)
      sum += __shfl_xor_sync(0xffffffffu, sum, m);
    if (lane == 0) {
      const bool in = r < p.seqlen_q;
      p.dsum[head + r] = in ? sum : 0.0f;
      const float l =
          in ? p.lse[(static_cast<long long>(b) * p.heads_q + h) * p.seqlen_q + r] : INFINITY;
      p.lse2[head + r] = l * 1.4426950408889634f;
    }
  }
}

/// dQ = scale * dq_accum in the input type. Grid (m_blocks, heads_q,
/// batch), 256 threads.
template <class T, int D> __global__ void attention_bwd_dq(const BwdParams<T> p) {
  const int m = static_cast<int>(blockIdx.x), h = static_cast<int>(blockIdx.y);
  const int b = static_cast<int>(blockIdx.z);
  const float* acc = p.dq_accum + ((static_cast<long long>(b) * p.heads_q + h) * p.m_blocks + m) *
                                      64 * (D + dq_pad);
  T* dq = p.dq + b * p.dq_batch + h * p.dq_head;
  for (int i = static_cast<int>(threadIdx.x); i < 64 * D / 2; i += 256) {
    const int r = 2 * i / D, c = 2 * i % D, row = m * 64 + r;
    if (row < p.seqlen_q) {
      const float2 v = *reinterpret_cast<const float2*>(acc + r * (D + dq_pad) + c);
      T* at = dq + row * p.dq_row + c;
      at[0] = from_float<T>(v.x * p.scale);
      at[1] = from_float<T>(v.y * p.scale);
    }
  }
}

template <class Cfg>
__global__ void __launch_bounds__(bwd_threads, 1)
    attention_bwd_kernel(const __grid_constant__ typename Cfg::Map map_q,
                         const __grid_constant__ typename Cfg::Map map_k,
                         const __grid_constant__ typename Cfg::Map map_v,
                         const __grid_constant__ typename Cfg::Map map_do,
                         const __grid_constant__ BwdParams<typename Cfg::Elem> p) {
  using T = typename Cfg::Elem;
  constexpr int D = Cfg::D, Stages = Cfg::stages;
  using Rows = typename Cfg::Rows;
  using RowsT = typename Cfg::RowsT;
  extern __shared__ __align__(1024) unsigned char smem[];
  T* k_smem = reinterpret_cast<T*>(smem + Cfg::k_at);
  T* v_smem = reinterpret_cast<T*>(smem + Cfg::v_at);
  T* ds_smem = reinterpret_cast<T*>(smem + Cfg::ds_at);
  float* dq_smem = reinterpret_cast<float*>(smem + Cfg::dq_at);
  auto* words = reinterpret_cast<cuda::std::uint64_t*>(smem + Cfg::bar_at);
  MBarrier kv_full(words), dq_full(words + 1), dq_empty(words + 2);
  BarrierRing<Stages> ring(words + 3);
  auto stage = [&](int i) { return smem + Cfg::stage_at + i * Cfg::stage_bytes; };

  const int n_block = static_cast<int>(blockIdx.x), h_kv = static_cast<int>(blockIdx.y);
  const int b = static_cast<int>(blockIdx.z);
  const int group = p.heads_q / p.heads_kv, n0 = n_block * bwd_block_n;
  const int diag = p.seqlen_k - p.seqlen_q;
  const int m_first = bwd_first_m(n_block, diag, Cfg::causal);
  const int m_count = p.m_blocks > m_first ? p.m_blocks - m_first : 0;
  const int steps = group * m_count;
  const int wg = static_cast<int>(threadIdx.x / 128);
  auto head_of = [&](int t) { return h_kv * group + t / m_count; };
  auto block_of = [&](int t) { return m_first + t % m_count; };

  if (threadIdx.x == 0) {
    kv_full.init(1);
    ring.init(1, 256); // full: the producer's arrive (+ bytes); empty: every consumer thread
    dq_full.init(Cfg::dq_arrivals);
    dq_empty.init(1);
    fence_mbarrier_init();
  }
  cta_sync();

  if (wg == 0) {
    setmaxnreg_dec<24>();
    if (threadIdx.x == 0 && steps > 0) { // the loads
      (void)tma_barrier<tma_bytes<T>(4 * 64 * D)>(kv_full).arrive();
      for (int half = 0; half < 2; ++half) {
        load_tile<typename Cfg::Box, D>(k_smem + half * 64 * D, map_k, kv_full, b, n0 + 64 * half,
                                        h_kv);
        load_tile<typename Cfg::Box, D>(v_smem + half * 64 * D, map_v, kv_full, b, n0 + 64 * half,
                                        h_kv);
      }
      PipelineState<Stages> st{};
      for (int t = 0; t < steps; ++t, st.advance()) {
        const int h = head_of(t), m = block_of(t);
        ring.producer_acquire(st);
        ring.template producer_commit_tx<Cfg::stage_tx>(st);
        const MBarrier full = ring.full(st.index);
        unsigned char* at = stage(st.index);
        load_tile<typename Cfg::Box, D>(reinterpret_cast<T*>(at), map_q, full, b, m * 64, h);
        load_tile<typename Cfg::Box, D>(reinterpret_cast<T*>(at + Cfg::half_bytes), map_do, full, b,
                                        m * 64, h);
        const long long row = ((static_cast<long long>(b) * p.heads_q + h) * p.m_blocks + m) * 64;
        bulk::copy_g2s(at + 2 * Cfg::half_bytes, p.lse2 + row, 256, full);
        bulk::copy_g2s(at + 2 * Cfg::half_bytes + 256, p.dsum + row, 256, full);
      }
    } else if (threadIdx.x == 32) { // the dQ reduce-adds
      for (int t = 0; t < steps; ++t) {
        const int h = head_of(t), m = block_of(t);
        const long long blk = (static_cast<long long>(b) * p.heads_q + h) * p.m_blocks + m;
        dq_full.wait(static_cast<cuda::std::uint32_t>(t & 1));
        if constexpr (Cfg::deterministic) { // key blocks add in order 0, 1, ...
          cuda::atomic_ref<int, cuda::thread_scope_device> sem(p.semaphore[blk]);
          while (sem.load(cuda::std::memory_order_acquire) != n_block)
            __nanosleep(32);
          fence_proxy_async_global();
        }
        bulk::reduce_add_s2g(p.dq_accum + blk * 64 * (D + dq_pad), dq_smem, Cfg::dq_bytes);
        bulk::commit();
        if constexpr (Cfg::deterministic) {
          bulk::wait<0>();
          cuda::atomic_ref<int, cuda::thread_scope_device> sem(p.semaphore[blk]);
          sem.fetch_add(1, cuda::std::memory_order_release);
        } else {
          bulk::wait_read<0>();
        }
        (void)dq_empty.arrive();
      }
      bulk::wait<0>();
    }
    return;
  }

  setmaxnreg_inc<240>();
  const int c = wg - 1, kv0 = n0 + 64 * c;
  auto k = decl_tensor<Rows>(k_smem + c * 64 * D);
  auto v = decl_tensor<Rows>(v_smem + c * 64 * D);
  auto dk = alloc_wgmma_accumulator<float, D>();
  auto dv = alloc_wgmma_accumulator<float, D>();
  PipelineState<Stages> st{};
  if (steps > 0)
    kv_full.wait(0);
  for (int t = 0; t < steps; ++t, st.advance()) {
    const int m = block_of(t), q0 = m * 64;
    ring.consumer_wait(st);
    T* at = reinterpret_cast<T*>(stage(st.index));
    auto q = decl_tensor<Rows>(at);
    auto d_o = decl_tensor<Rows>(at + 64 * D);
    const float* lse2 = reinterpret_cast<const float*>(at + 128 * D);
    const float* dsum = lse2 + 64;
    auto s = alloc_wgmma_accumulator<float, 64>();
    auto dp = alloc_wgmma_accumulator<float, 64>();
    // S^T = K Q^T and dP^T = V dO^T, two groups
    wgmma_fence(s);
    detail::static_for<D / 16>([&](auto j) {
      constexpr int k0 = 16 * decltype(j)::value;
      tile::apply<typename Cfg::Mma64>(s, k.sub(_, range<k0, k0 + 16>),
                                       q.sub(_, range<k0, k0 + 16>), scope::warpgroup,
                                       tile::accumulate(k0 > 0));
    });
    wgmma_commit_group();
    wgmma_fence(dp);
    detail::static_for<D / 16>([&](auto j) {
      constexpr int k0 = 16 * decltype(j)::value;
      tile::apply<typename Cfg::Mma64>(dp, v.sub(_, range<k0, k0 + 16>),
                                       d_o.sub(_, range<k0, k0 + 16>), scope::warpgroup,
                                       tile::accumulate(k0 > 0));
    });
    wgmma_commit_group();

    // P^T = exp2(scale_log2 S^T - lse2[q]); masked: exp2(-inf) = 0
    wgmma_wait_group<1>(s);
    const float sl2 = p.scale_log2;
    if (Cfg::causal && kv0 + 63 > q0 + diag) {
      coord_map([&](float x, int r,
                    int col) { return r > col + diag ? -INFINITY : fmaf(x, sl2, -lse2[col - q0]); },
                s, kv0, q0);
    } else {
      coord_map([&](float x, int, int col) { return fmaf(x, sl2, -lse2[col]); }, s);
    }
    auto s_slots = thread_slots(s);
    tile::apply<ptx<"ex2.approx.ftz.f32">>(s_slots, s_slots, scope::thread);
    auto pr = alloc_like<T>(s);
    convert(pr, s);
    // dV += P^T dO
    auto d_o_t = decl_tensor<RowsT>(at + 64 * D);
    wgmma_fence(dv, pr);
    detail::static_for<4>([&](auto j) {
      constexpr int k0 = 16 * decltype(j)::value;
      tile::apply<typename Cfg::MmaD>(dv, pr.sub(_, range<k0, k0 + 16>),
                                      d_o_t.sub(_, range<k0, k0 + 16>), scope::warpgroup,
                                      tile::accumulate(t > 0 || k0 > 0));
    });
    wgmma_commit_group();

    // dS^T = P^T (dP^T - D[q])
    wgmma_wait_group<1>(dp);
    coord_map([&](float x, float pv, int, int col) { return pv * (x - dsum[col]); }, dp, s);
    auto dsr = alloc_like<T>(dp);
    convert(dsr, dp);
    // dK += dS^T Q
    auto q_t = decl_tensor<RowsT>(at);
    wgmma_fence(dk, dsr);
    detail::static_for<4>([&](auto j) {
      constexpr int k0 = 16 * decltype(j)::value;
      tile::apply<typename Cfg::MmaD>(dk, dsr.sub(_, range<k0, k0 + 16>),
                                      q_t.sub(_, range<k0, k0 + 16>), scope::warpgroup,
                                      tile::accumulate(t > 0 || k0 > 0));
    });
    wgmma_commit_group();

    // dS (64 q x 128 kv) in shared memory, both halves, then dQ = dS K by
    // one warpgroup (in turn)
    auto ds = decl_tensor<typename Cfg::DsTile>(ds_smem + (t & 1) * 64 * 128);
    store_fragment(dsr, ds.template permute<1, 0>(), 64 * c, 0);
    fence_proxy_async_shared();
    named_barrier_sync(1, 256);
    if (Cfg::split_dq || (t & 1) == c) {
      auto dq = alloc_wgmma_accumulator<float, Cfg::dq_cols>();
      wgmma_fence(dq);
      detail::static_for<8>([&](auto j) {
        constexpr int k0 = 16 * decltype(j)::value, kh = k0 / 64, kr = k0 % 64;
        auto kt =
            decl_tensor<typename Cfg::KT>(k_smem + kh * 64 * D + (Cfg::split_dq ? c * 64 * 64 : 0));
        tile::apply<typename Cfg::MmaDq>(dq, ds.sub(_, range<k0, k0 + 16>),
                                         kt.sub(_, range<kr, kr + 16>), scope::warpgroup,
                                         tile::accumulate(k0 > 0));
      });
      wgmma_commit_group();
      wgmma_wait_group<0>(dv, dk, dq);
      ring.consumer_release(st); // every thread: its reads of lse2 and D are done
      if (t > 0)
        dq_empty.wait(static_cast<cuda::std::uint32_t>((t - 1) & 1));
      store_fragment(dq, decl_tensor<typename Cfg::DqTile>(dq_smem), 0, Cfg::split_dq ? 64 * c : 0);
      fence_proxy_async_shared();
      (void)dq_full.arrive();
    } else {
      wgmma_wait_group<0>(dv, dk);
      ring.consumer_release(st);
    }
  }
  if (steps == 0) { // no query row sees these keys
    coord_map([](float, int, int) { return 0.0f; }, dk);
    coord_map([](float, int, int) { return 0.0f; }, dv);
  }

  // the epilogue: dK = scale dS^T Q, both in the input type, from registers
  const float scale = p.scale;
  coord_map([scale](float x, int, int) { return x * scale; }, dk);
  auto out = alloc_like<T>(dk);
  convert(out, dk);
  store_fragment(out, p.dk + b * p.dk_batch + h_kv * p.dk_head, p.dk_row, kv0, 0, p.seqlen_k, D);
  convert(out, dv);
  store_fragment(out, p.dv + b * p.dv_batch + h_kv * p.dv_head, p.dv_row, kv0, 0, p.seqlen_k, D);
}
#endif

} // namespace tirx_kernels::attention
