// MBarrier: a handle over one 64-bit mbarrier word in shared memory (the
// transaction barrier that TMA loads, cp.async and warp-specialized
// pipelines complete and wait on), is_barrier_v and barrier_word (the
// barriers the asynchronous copies take), cp_async_mbarrier_arrive[_noinc]
// on one, and alloc_barriers, which carves such words out of an SMEMPool.
//
// A barrier counts arrivals and (sm_90) transaction bytes. Its current
// phase completes once `count` threads (init) have arrived and the bytes
// announced with expect_tx have come in with complete_tx (a TMA or bulk
// copy completes them itself); then the next phase starts, with the same
// count. A waiter names the phase by its parity (0, 1, 0, ...: the phase
// bit of a PipelineState) or by the token an arrive returned.
#pragma once

#include <tirx/exec/fence.hpp>
#include <tirx/ptx/cp_async_sync.hpp>
#include <tirx/tensor/smem_pool.hpp>

namespace tirx {

/// Arrival counts and transaction byte counts of one phase are below 2^20.
inline constexpr unsigned mbarrier_max_count = (1u << 20) - 1;

#if defined(__CUDACC__)
/// How long, in nanoseconds, a debug-mode MBarrier::wait spins before it
/// traps (default 20 s; define it before including tirx to change it).
#if !defined(TIRX_WAIT_TIMEOUT_NS)
#define TIRX_WAIT_TIMEOUT_NS 20000000000ull
#endif

namespace detail {
/// Calls try_once until it returns true. In debug builds, traps with
/// message once it has spun for TIRX_WAIT_TIMEOUT_NS (the clock is read
/// only after the first failed try, every 64 tries).
template <class Try>
__device__ TIRX_FORCEINLINE void spin_wait(Try try_once, [[maybe_unused]] const char* message) {
  if (try_once())
    return;
#if TIRX_DEBUG_CHECKS
  const unsigned long long start = cuda::ptx::get_sreg_globaltimer();
  for (unsigned spins = 1;; ++spins) {
    if (try_once())
      return;
    if (spins % 64 == 0 && cuda::ptx::get_sreg_globaltimer() - start > TIRX_WAIT_TIMEOUT_NS)
      fail(message);
  }
#else
  while (!try_once()) {
  }
#endif
}

inline constexpr const char* wait_timeout_message =
    "tirx::MBarrier::wait: the phase did not complete within TIRX_WAIT_TIMEOUT_NS (default 20 s): "
    "a missing arrive, a wait on the wrong parity, an expect_tx of more bytes than arrive, or a "
    "barrier never initialized";
} // namespace detail
#endif

/// A handle over one mbarrier: a 64-bit word of shared memory, 8-byte
/// aligned. The handle is a pointer; copies name the same barrier.
class MBarrier {
public:
  constexpr MBarrier() = default;
  TIRX_HD constexpr explicit MBarrier(cuda::std::uint64_t* word) : word_(word) {}

  /// The barrier's word (generic address).
  TIRX_HD constexpr cuda::std::uint64_t* ptr() const { return word_; }

#if defined(__CUDACC__)
  /// The word's 32-bit shared-memory address, for TMA, cp.async.bulk and
  /// cp.async.mbarrier.arrive operands.
  __device__ TIRX_FORCEINLINE cuda::std::uint32_t smem_addr() const {
    return static_cast<cuda::std::uint32_t>(__cvta_generic_to_shared(word_));
  }

  /// Starts phase 0 expecting `count` arrivals per phase (mbarrier.init).
  /// One thread initializes, then calls fence_mbarrier_init(); a cta_sync()
  /// (in a cluster, cluster_arrive_relaxed() and cluster_wait()) makes the
  /// barrier usable by the other threads, the copies and the other CTAs.
  /// Debug builds check that count is in [1, 2^20).
  __device__ TIRX_FORCEINLINE void init(cuda::std::uint32_t count) const {
    TIRX_CHECK(count >= 1 && count <= mbarrier_max_count,
               "tirx::MBarrier::init: the arrival count must be in [1, 2^20)");
    cuda::ptx::mbarrier_init(word_, count);
  }

  /// Ends the barrier's life (mbarrier.inval), so that its word may hold
  /// other data, or a barrier with a new count, afterwards.
  __device__ TIRX_FORCEINLINE void inval() const {
    asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"(smem_addr()) : "memory");
  }

  /// One arrival, release at cta scope (mbarrier.arrive); returns the state
  /// token of the phase it arrived on, for test_wait / try_wait / wait_token.
  __device__ TIRX_FORCEINLINE cuda::std::uint64_t arrive() const {
    return cuda::ptx::mbarrier_arrive(word_);
  }

  /// `count` arrivals at once (mbarrier.arrive with a count). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE cuda::std::uint64_t arrive(cuda::std::uint32_t count) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::arrive(count)");
#if __CUDA_ARCH__ >= 900
    return cuda::ptx::mbarrier_arrive(word_, count);
#else
    return count;
#endif
  }

  /// Announces `bytes` more transaction bytes for the current phase and
  /// arrives once (mbarrier.arrive.expect_tx.release.cta): the producer of
  /// a TMA load calls it, the copy's complete_tx ends the phase. Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE cuda::std::uint64_t
  arrive_expect_tx(cuda::std::uint32_t bytes) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::arrive_expect_tx");
    TIRX_CHECK(bytes <= mbarrier_max_count,
               "tirx::MBarrier::arrive_expect_tx: a phase takes fewer than 2^20 bytes");
#if __CUDA_ARCH__ >= 900
    return cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                                cuda::ptx::space_shared, word_, bytes);
#else
    return bytes;
#endif
  }

  /// Announces `bytes` more transaction bytes without arriving
  /// (mbarrier.expect_tx.relaxed.cta). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void expect_tx(cuda::std::uint32_t bytes) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::expect_tx");
    TIRX_CHECK(bytes <= mbarrier_max_count,
               "tirx::MBarrier::expect_tx: a phase takes fewer than 2^20 bytes");
#if __CUDA_ARCH__ >= 900
    cuda::ptx::mbarrier_expect_tx(cuda::ptx::sem_relaxed, cuda::ptx::scope_cta,
                                  cuda::ptx::space_shared, word_, bytes);
#endif
  }

  /// Marks `bytes` of the announced transaction bytes as arrived
  /// (mbarrier.complete_tx.relaxed.cta; not in CCCL 3.0, asm). Relaxed: a
  /// thread that wrote the data with plain stores orders them first with
  /// fence_acq_rel<FenceScope::cta>(). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void complete_tx(cuda::std::uint32_t bytes) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::complete_tx");
#if __CUDA_ARCH__ >= 900
    asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(smem_addr()),
                 "r"(bytes)
                 : "memory");
#endif
  }

  /// Whether the phase of `token` has completed, without waiting
  /// (mbarrier.test_wait, acquire at cta scope when true).
  __device__ TIRX_FORCEINLINE bool test_wait(cuda::std::uint64_t token) const {
    return cuda::ptx::mbarrier_test_wait(word_, token);
  }

  /// Like test_wait, but may suspend the thread for a while first
  /// (mbarrier.try_wait, sm_90; test_wait below sm_90).
  __device__ TIRX_FORCEINLINE bool try_wait(cuda::std::uint64_t token) const {
#if __CUDA_ARCH__ >= 900
    return cuda::ptx::mbarrier_try_wait(word_, token);
#else
    return test_wait(token);
#endif
  }

  /// Whether the phase of parity `phase` (0 or 1) has completed: true once
  /// the barrier's current phase has the other parity
  /// (mbarrier.test_wait.parity). A fresh barrier is in phase 0, so parity
  /// 1 counts as completed: the first wait of a producer on an empty slot.
  __device__ TIRX_FORCEINLINE bool test_wait_parity(cuda::std::uint32_t phase) const {
    return cuda::ptx::mbarrier_test_wait_parity(word_, phase);
  }

  /// test_wait_parity that may suspend first (mbarrier.try_wait.parity,
  /// sm_90; test_wait_parity below sm_90).
  __device__ TIRX_FORCEINLINE bool try_wait_parity(cuda::std::uint32_t phase) const {
#if __CUDA_ARCH__ >= 900
    return cuda::ptx::mbarrier_try_wait_parity(word_, phase);
#else
    return test_wait_parity(phase);
#endif
  }

  /// Waits until the phase of parity `phase` has completed; accesses after
  /// it see the arriving threads' accesses before their arrive (acquire at
  /// cta scope). Debug builds trap after TIRX_WAIT_TIMEOUT_NS.
  __device__ TIRX_FORCEINLINE void wait(cuda::std::uint32_t phase) const {
    const MBarrier self = *this;
    detail::spin_wait([=] { return self.try_wait_parity(phase); }, detail::wait_timeout_message);
  }

  /// Waits until the phase of `token` (from arrive) has completed.
  __device__ TIRX_FORCEINLINE void wait_token(cuda::std::uint64_t token) const {
    const MBarrier self = *this;
    detail::spin_wait([=] { return self.try_wait(token); }, detail::wait_timeout_message);
  }

  /// wait with acquire at cluster scope: the arrivals came from other CTAs
  /// of the cluster (remote_arrive), and their writes before it must be
  /// seen. Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void wait_cluster(cuda::std::uint32_t phase) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::wait_cluster");
#if __CUDA_ARCH__ >= 900
    cuda::std::uint64_t* word = word_;
    detail::spin_wait(
        [=] {
          return cuda::ptx::mbarrier_try_wait_parity(cuda::ptx::sem_acquire,
                                                     cuda::ptx::scope_cluster, word, phase);
        },
        detail::wait_timeout_message);
#endif
  }

  /// The shared::cluster address of the barrier at the same offset in the
  /// CTA of rank cta_rank of this cluster (mapa; not in CCCL 3.0, asm):
  /// the operand of a multicast TMA's barrier or of a remote arrive.
  /// Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE cuda::std::uint32_t cluster_addr(cuda::std::uint32_t cta_rank) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::cluster_addr");
    cuda::std::uint32_t remote = 0;
#if __CUDA_ARCH__ >= 900
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(remote)
                 : "r"(smem_addr()), "r"(cta_rank));
#endif
    return remote;
  }

  /// `count` arrivals, release at cluster scope, on the barrier at the same
  /// offset in the CTA of rank cta_rank (mapa +
  /// mbarrier.arrive.release.cluster.shared::cluster; asm, as CCCL's
  /// shared::cluster form takes a generic pointer). A consumer frees a slot
  /// of a producer in another CTA. Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void remote_arrive(cuda::std::uint32_t cta_rank,
                                                 cuda::std::uint32_t count = 1) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::remote_arrive");
#if __CUDA_ARCH__ >= 900
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0], %1;" ::"r"(
                     cluster_addr(cta_rank)),
                 "r"(count)
                 : "memory");
#endif
  }

  /// remote_arrive with release at cta scope (mbarrier.arrive.shared::cluster
  /// with no qualifiers, the form TIRx and CUTLASS emit for a multicast
  /// ring's empty barriers). It orders only the caller's accesses as seen
  /// from its own CTA, which is what freeing a stage of this CTA's shared
  /// memory for a TMA refill from another CTA needs: the stage's reads
  /// have completed before the arrive. Where the other CTA refills with
  /// plain stores (st.shared::cluster), use remote_arrive. remote_arrive's
  /// cluster-scope release compiles to a MEMBAR.ALL.GPU before the arrival
  /// (this one to none): in the GEMM's ring, once per stage and consumer,
  /// it held the clustered kernel at 0.55x (docs/gemm.md). Needs sm_90.
  template <class T = void>
  __device__ TIRX_FORCEINLINE void remote_arrive_cta(cuda::std::uint32_t cta_rank,
                                                     cuda::std::uint32_t count = 1) const {
    TIRX_NEEDS_SM90(T, "tirx::MBarrier::remote_arrive_cta");
#if __CUDA_ARCH__ >= 900
    asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0], %1;" ::"r"(cluster_addr(cta_rank)),
                 "r"(count)
                 : "memory");
#endif
  }
#endif

private:
  cuda::std::uint64_t* word_ = nullptr;
};

namespace detail {
/// The barriers an operation that completes on an mbarrier takes (a TMA or
/// bulk copy, cp.async's arrive): word(bar) is the barrier's 64-bit word.
/// Others (pipeline.hpp's TMABarrier) add a specialization.
template <class B> struct barrier_arg : cuda::std::false_type {
  TIRX_HD static constexpr cuda::std::uint64_t* word(const B&) { return nullptr; }
};
template <> struct barrier_arg<cuda::std::uint64_t*> : cuda::std::true_type {
  TIRX_HD static constexpr cuda::std::uint64_t* word(cuda::std::uint64_t* w) { return w; }
};
template <> struct barrier_arg<MBarrier> : cuda::std::true_type {
  TIRX_HD static constexpr cuda::std::uint64_t* word(const MBarrier& b) { return b.ptr(); }
};
} // namespace detail

/// Whether B is a barrier the asynchronous copies take: an MBarrier (a
/// BarrierRing's full(stage), alloc_barriers' bars[i]), a TMABarrier, or
/// the barrier word's cuda::std::uint64_t*.
template <class B>
inline constexpr bool is_barrier_v = detail::barrier_arg<cuda::std::remove_cvref_t<B>>::value;

/// The 64-bit word of such a barrier (nullptr for any other type, which
/// TIRX_BARRIER_RULE reports).
template <class B> TIRX_HD constexpr cuda::std::uint64_t* barrier_word(const B& bar) {
  return detail::barrier_arg<cuda::std::remove_cvref_t<B>>::word(bar);
}

/// In an operation template taking a barrier of type B: stops the
/// compilation with "OP: the barrier is not an mbarrier; ..." unless B is
/// one of them (op: the operation's name and ": ", "tirx::tma::load: ").
#define TIRX_BARRIER_RULE(B, op)                                                                   \
  static_assert(::tirx::is_barrier_v<B>,                                                           \
                op "the barrier is not an mbarrier; pass a tirx::MBarrier (ring.full(stage), "     \
                   "bars[i]), a TMABarrier or the barrier word's cuda::std::uint64_t*")

#if defined(__CUDACC__)
/// cp.async.mbarrier.arrive.shared.b64 on bar (an MBarrier or any barrier
/// of is_barrier_v): an arrive once the calling thread's earlier cp.async
/// have completed, with the pending count raised by one first, so that it
/// does not count toward the phase (the thread arrives itself as well:
/// bar.arrive()). ptx/cp_async_sync.hpp has the form on the word.
template <class Bar> __device__ TIRX_FORCEINLINE void cp_async_mbarrier_arrive(Bar bar) {
  TIRX_BARRIER_RULE(Bar, "tirx::cp_async_mbarrier_arrive: ");
  cp_async_mbarrier_arrive(barrier_word(bar));
}
/// cp.async.mbarrier.arrive.noinc.shared.b64 on bar: the asynchronous arrive
/// is one of the arrivals the phase expects (init with the number of
/// threads that do this, and no other arrive).
template <class Bar> __device__ TIRX_FORCEINLINE void cp_async_mbarrier_arrive_noinc(Bar bar) {
  TIRX_BARRIER_RULE(Bar, "tirx::cp_async_mbarrier_arrive_noinc: ");
  cp_async_mbarrier_arrive_noinc(barrier_word(bar));
}
#endif

/// N barriers in a row of shared memory, from an SMEMPool (8-byte aligned
/// words), as a pointer: bars[i] is the i-th barrier. In a plan on the host
/// only the bytes count.
template <int N> struct MBarriers {
  static_assert(N >= 1, "tirx::alloc_barriers<N>: allocate at least one barrier");
  cuda::std::uint64_t* words = nullptr;
  TIRX_HD constexpr MBarrier operator[](int i) const { return MBarrier(words + i); }
  TIRX_HD static constexpr int size() { return N; }
};

/// Allocates N mbarrier words from pool (8 bytes each, 8-byte aligned).
/// (N < 1: MBarriers<N> states the rule, once; nothing is allocated.)
template <int N> TIRX_HD constexpr MBarriers<N> alloc_barriers(SMEMPool& pool) {
  if constexpr (N >= 1) {
    auto words = pool.alloc<cuda::std::uint64_t, shape(N), row_major(shape(N)), 8>();
    return MBarriers<N>{words.data()};
  } else {
    (void)pool;
    return MBarriers<N>{};
  }
}

} // namespace tirx
