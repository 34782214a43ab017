// Synchronization the seeds use, named barriers among warp groups and the
// two halves of the cluster barrier. apply and ewise never synchronize;
// these do.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/exec/fence.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

#if defined(__CUDACC__)
/// Waits until every thread of the CTA has arrived; shared-memory writes
/// before it are visible to reads after it (TIRx cta_sync, bar.sync 0).
__device__ TIRX_FORCEINLINE void cta_sync() { __syncthreads(); }

/// Synchronizes the lanes of mask within a warp (TIRx warp sync).
__device__ TIRX_FORCEINLINE void warp_sync(unsigned mask = 0xffffffffu) { __syncwarp(mask); }

/// Waits until every thread of every CTA of the cluster has arrived;
/// shared-memory writes (to this CTA's or, through distributed shared
/// memory, another's) before it are visible to reads after it
/// (barrier.cluster.arrive.release + barrier.cluster.wait.acquire). Needs
/// sm_90; a launch without a cluster is a cluster of one CTA.
__device__ TIRX_FORCEINLINE void cluster_sync() {
#if __CUDA_ARCH__ >= 900
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
#else
  __syncthreads();
#endif
}

namespace detail {
__device__ TIRX_FORCEINLINE void check_named_barrier(unsigned id, unsigned threads) {
  TIRX_CHECK(id < 16, "tirx::named_barrier: the barrier id must be in [0, 16)");
  TIRX_CHECK(threads > 0 && threads % 32 == 0 && threads <= block_threads(),
             "tirx::named_barrier: the thread count must be a positive multiple of 32 (whole "
             "warps) and at most the block's threads");
}
} // namespace detail

/// Waits at named barrier id (0..15; 0 is the one __syncthreads uses) until
/// `threads` threads (a multiple of 32, whole warps) have arrived or synced
/// on it; shared-memory writes of the arriving threads before it are
/// visible after it (bar.sync id, threads). Lets warp groups synchronize
/// among themselves while other warps run on. Debug builds check the id and
/// the count.
__device__ TIRX_FORCEINLINE void named_barrier_sync(unsigned id, unsigned threads) {
  detail::check_named_barrier(id, threads);
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

/// Arrives at named barrier id without waiting (bar.arrive id, threads): a
/// producer signals consumers that wait with named_barrier_sync(id, threads),
/// the count taking both sides.
__device__ TIRX_FORCEINLINE void named_barrier_arrive(unsigned id, unsigned threads) {
  detail::check_named_barrier(id, threads);
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

/// named_barrier_sync that also reduces a predicate over the arriving
/// threads: true on every one of them when any passed true
/// (bar.red.or.pred). For a decision one thread makes (an atomic's result)
/// that the whole warp group must take alike.
__device__ TIRX_FORCEINLINE bool named_barrier_or(unsigned id, unsigned threads, bool pred) {
  detail::check_named_barrier(id, threads);
  unsigned any = 0;
  asm volatile("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 q, %3, 0;\n\t"
               "bar.red.or.pred p, %1, %2, q;\n\tselp.u32 %0, 1, 0, p;\n\t}"
               : "=r"(any)
               : "r"(id), "r"(threads), "r"(static_cast<unsigned>(pred))
               : "memory");
  return any != 0;
}

/// named_barrier_or's conjunction: true on every arriving thread when all
/// of them passed true (bar.red.and.pred).
__device__ TIRX_FORCEINLINE bool named_barrier_and(unsigned id, unsigned threads, bool pred) {
  detail::check_named_barrier(id, threads);
  unsigned all = 0;
  asm volatile("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 q, %3, 0;\n\t"
               "bar.red.and.pred p, %1, %2, q;\n\tselp.u32 %0, 1, 0, p;\n\t}"
               : "=r"(all)
               : "r"(id), "r"(threads), "r"(static_cast<unsigned>(pred))
               : "memory");
  return all != 0;
}

/// The first half of cluster_sync: arrives at the cluster barrier with
/// release semantics (barrier.cluster.arrive.release). Every thread of
/// every CTA of the cluster arrives once, then waits with cluster_wait();
/// work between the two hides the barrier's latency. Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void cluster_arrive() {
  TIRX_NEEDS_SM90(T, "tirx::cluster_arrive");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
#endif
}

/// cluster_arrive without ordering memory (barrier.cluster.arrive.relaxed):
/// for a barrier that only says "every CTA has started". Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void cluster_arrive_relaxed() {
  TIRX_NEEDS_SM90(T, "tirx::cluster_arrive_relaxed");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_relaxed);
#endif
}

/// Waits until every thread of the cluster has arrived
/// (barrier.cluster.wait.acquire). Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void cluster_wait() {
  TIRX_NEEDS_SM90(T, "tirx::cluster_wait");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
#endif
}
#endif

} // namespace tirx
