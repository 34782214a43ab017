// Synchronization the seeds use. apply and ewise never synchronize; these do.
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {

#if defined(__CUDACC__)
/// Waits until every thread of the CTA has arrived; shared-memory writes
/// before it are visible to reads after it (TIRx cta_sync, bar.sync 0).
__device__ TIRX_FORCEINLINE void cta_sync() { __syncthreads(); }

/// Synchronizes the lanes of mask within a warp (TIRx warp sync).
__device__ TIRX_FORCEINLINE void warp_sync(unsigned mask = 0xffffffffu) { __syncwarp(mask); }
#endif

} // namespace tirx
