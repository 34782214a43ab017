// Synchronization the seeds use. apply and ewise never synchronize; these do.
#pragma once

#include <tirx/core/config.hpp>

#if defined(__CUDACC__)
#include <cuda/ptx>
#endif

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
#endif

} // namespace tirx
