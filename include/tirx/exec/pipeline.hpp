// Pipelines over shared-memory stages: PipelineState (which stage, which
// phase), TMABarrier (an arrive that expects the bytes of the boxes it
// guards; a barrier the copies take, as MBarrier) and BarrierRing, the
// full/empty barrier pair of each stage of a producer/consumer ring,
// allocated from an SMEMPool.
//
// The protocol, for stage s of a ring of Stages stages:
//   producer: producer_acquire(st)   waits until the consumers freed s
//             ...fill s (TMA with full(s) as its barrier, or plain stores)...
//             producer_commit(st) / producer_commit_tx<Bytes>(st)
//   consumer: consumer_wait(st)      waits until s is full
//             ...read s...
//             consumer_release(st)   frees s for the producer
// and both advance their own PipelineState after each stage. Producer and
// consumer states both start at stage 0, phase 0: the producer's first
// round finds every slot free (it waits on the empty barriers' parity
// phase ^ 1, which a fresh barrier reports as completed).
#pragma once

#include <tirx/exec/barrier.hpp>

namespace tirx {

/// Where a role of a pipeline is: the stage index in [0, Stages) and the
/// phase bit of that stage's barriers, which flips each time the index
/// wraps to 0.
template <int Stages> struct PipelineState {
  static_assert(Stages >= 1, "tirx::PipelineState<Stages>: a pipeline has at least one stage");
  int index = 0;
  cuda::std::uint32_t phase = 0;
  /// How many stages this role has passed (advance() calls).
  long long count = 0;

  TIRX_HD static constexpr int stages() { return Stages; }

  /// On to the next stage; the phase flips when the index wraps.
  TIRX_HD constexpr void advance() {
    ++count;
    if (++index == Stages) {
      index = 0;
      phase ^= 1u;
    }
  }
  /// The state after advance(), leaving this one as it is.
  TIRX_HD constexpr PipelineState next() const {
    PipelineState s = *this;
    s.advance();
    return s;
  }
  /// The state after `n` advances from this one.
  TIRX_HD constexpr PipelineState advanced(long long n) const {
    PipelineState s = *this;
    const long long total = index + n;
    s.index = static_cast<int>(total % Stages);
    s.phase = phase ^ static_cast<cuda::std::uint32_t>((total / Stages) & 1);
    s.count = count + n;
    return s;
  }
  TIRX_HD friend constexpr bool operator==(const PipelineState& a, const PipelineState& b) {
    return a.index == b.index && a.phase == b.phase;
  }
};

namespace detail {
template <unsigned Bytes> struct tx_bytes {};
} // namespace detail

/// The TMA barrier idea: a barrier whose arrive announces the bytes of the
/// boxes that the copies it guards bring in, known at compile time (e.g.
/// tma_bytes<bf16>(128 * 64) + tma_bytes<bf16>(256 * 64)). A TMA box is a
/// whole number of 16-byte units, and a phase takes fewer than 2^20 bytes.
template <unsigned Bytes> struct TMABarrier {
  static_assert(Bytes > 0 && Bytes <= mbarrier_max_count,
                "tirx::TMABarrier<Bytes>: a phase expects 1 to 2^20 - 1 bytes; split the boxes "
                "over more stages");
  static_assert(Bytes % 16 == 0,
                "tirx::TMABarrier<Bytes>: TMA boxes are whole 16-byte units; the byte count "
                "must be a multiple of 16");
  MBarrier bar;

  TIRX_HD static constexpr unsigned bytes() { return Bytes; }
#if defined(__CUDACC__)
  /// The producer's one arrival, announcing Bytes (arrive_expect_tx). Needs sm_90.
  template <class T = void> __device__ TIRX_FORCEINLINE cuda::std::uint64_t arrive() const {
    TIRX_NEEDS_SM90(T, "tirx::TMABarrier::arrive");
    return bar.arrive_expect_tx<T>(Bytes);
  }
  /// Waits on the phase of parity `phase` (MBarrier::wait).
  __device__ TIRX_FORCEINLINE void wait(cuda::std::uint32_t phase) const { bar.wait(phase); }
#endif
};

namespace detail {
/// A TMABarrier is a barrier of the copies (is_barrier_v): tma::load(tile,
/// map, tma_barrier<Bytes>(bar), ...) completes on bar.
template <unsigned Bytes> struct barrier_arg<TMABarrier<Bytes>> : cuda::std::true_type {
  TIRX_HD static constexpr cuda::std::uint64_t* word(const TMABarrier<Bytes>& b) {
    return b.bar.ptr();
  }
};
} // namespace detail

/// The TMA barrier over an existing barrier: tma_barrier<Bytes>(bar).arrive().
template <unsigned Bytes> TIRX_HD constexpr TMABarrier<Bytes> tma_barrier(MBarrier bar) {
  return TMABarrier<Bytes>{bar};
}

/// The bytes of `elements` elements of T (a box's share of a TMA barrier).
template <class T> TIRX_HD constexpr unsigned tma_bytes(long long elements) {
  return static_cast<unsigned>(elements * static_cast<long long>(sizeof(T)));
}

/// The full and empty barriers of a ring of Stages stages: 2 * Stages words
/// of shared memory, full first. The object is a pointer; pass it by value.
template <int Stages> class BarrierRing {
  static_assert(Stages >= 1, "tirx::BarrierRing<Stages>: a ring has at least one stage");

public:
  using State = PipelineState<Stages>;

  constexpr BarrierRing() = default;
  TIRX_HD constexpr explicit BarrierRing(cuda::std::uint64_t* words) : words_(words) {}

  /// Allocates the 2 * Stages barriers from pool.
  TIRX_HD static constexpr BarrierRing alloc(SMEMPool& pool) {
    return BarrierRing(alloc_barriers<2 * Stages>(pool).words);
  }

  TIRX_HD static constexpr int stages() { return Stages; }
  TIRX_HD constexpr MBarrier full(int stage) const { return MBarrier(words_ + stage); }
  TIRX_HD constexpr MBarrier empty(int stage) const { return MBarrier(words_ + Stages + stage); }

#if defined(__CUDACC__)
  /// Initializes every stage (one thread calls): full barriers complete on
  /// producer_arrivals arrivals (plus the announced bytes), empty ones on
  /// consumer_arrivals. The caller then makes the inits visible, to the
  /// copies and to other CTAs, with fence_mbarrier_init(), and synchronizes
  /// (cta_sync; cluster_arrive_relaxed + cluster_wait when other CTAs
  /// arrive on them).
  __device__ TIRX_FORCEINLINE void init(cuda::std::uint32_t producer_arrivals,
                                        cuda::std::uint32_t consumer_arrivals) const {
#pragma unroll
    for (int s = 0; s < Stages; ++s) {
      full(s).init(producer_arrivals);
      empty(s).init(consumer_arrivals);
    }
  }

  /// Producer: waits until the consumers have released stage st.index
  /// (returns at once in the first round).
  __device__ TIRX_FORCEINLINE void producer_acquire(const State& st) const {
    empty(st.index).wait(st.phase ^ 1u);
  }
  /// producer_acquire when the consumers release from other CTAs of the
  /// cluster (remote_arrive). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void producer_acquire_cluster(const State& st) const {
    empty(st.index).template wait_cluster<T>(st.phase ^ 1u);
  }
  /// Producer: one arrival on the full barrier of st.index (the data was
  /// written with plain stores before it).
  __device__ TIRX_FORCEINLINE void producer_commit(const State& st) const {
    (void)full(st.index).arrive();
  }
  /// Producer: one arrival announcing Bytes on the full barrier of
  /// st.index (the TMA barrier of the stage; the copies complete it). Needs sm_90.
  template <unsigned Bytes, class T = void>
  __device__ TIRX_FORCEINLINE void producer_commit_tx(const State& st) const {
    (void)tma_barrier<Bytes>(full(st.index)).template arrive<T>();
  }
  /// Consumer: waits until stage st.index is full.
  __device__ TIRX_FORCEINLINE void consumer_wait(const State& st) const {
    full(st.index).wait(st.phase);
  }
  /// consumer_wait when the producer fills the stage from another CTA of
  /// the cluster (acquire at cluster scope). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void consumer_wait_cluster(const State& st) const {
    full(st.index).template wait_cluster<T>(st.phase);
  }
  /// Consumer: one arrival on the empty barrier of st.index.
  __device__ TIRX_FORCEINLINE void consumer_release(const State& st) const {
    (void)empty(st.index).arrive();
  }
  /// Consumer: one arrival on the empty barrier of st.index in the CTA of
  /// rank cta_rank (the producer of a multicast). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void consumer_release_remote(const State& st,
                                                           cuda::std::uint32_t cta_rank) const {
    empty(st.index).template remote_arrive<T>(cta_rank);
  }
  /// consumer_release_remote at cta scope (MBarrier::remote_arrive_cta): for
  /// a ring whose producer refills the stage by TMA (a multicast), the
  /// producer then waits with producer_acquire. No GPU-scope fence per
  /// release (docs/pipelines.md). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void consumer_release_remote_cta(const State& st,
                                                               cuda::std::uint32_t cta_rank) const {
    empty(st.index).template remote_arrive_cta<T>(cta_rank);
  }
#endif

private:
  cuda::std::uint64_t* words_ = nullptr;
};

} // namespace tirx
