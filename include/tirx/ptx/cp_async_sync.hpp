// The completion of cp.async (ptx/cp_async.hpp): its groups and waits, and
// the mbarrier arrive that fires once the thread's earlier copies are done.
//
//   cp_async_commit_group()            cp.async.commit_group: the thread's cp.async since the
//                                      last commit form one group
//   cp_async_wait_group<N>()           cp.async.wait_group N: until at most N groups pend
//   cp_async_wait_all()                cp.async.wait_all: until none pend
//   cp_async_mbarrier_arrive(bar)      cp.async.mbarrier.arrive.shared.b64: bar's pending
//                                      count goes up by one now and down by one (an arrive)
//                                      once the thread's earlier cp.async are complete
//   cp_async_mbarrier_arrive_noinc(bar)  the same with .noinc: no increment now, so the
//                                      asynchronous arrive counts as one of the arrivals
//                                      the barrier was initialized to expect
//
// bar is the 64-bit mbarrier word in shared memory (a tirx::MBarrier in
// exec/barrier.hpp). The waits make the copies visible to the calling
// thread only; other threads see them after a barrier (cta_sync) or, with
// the mbarrier form, after waiting on the barrier's phase. CCCL 3.0's
// cuda::ptx has no cp.async group waits; its cp_async_mbarrier_arrive
// spells the form without a state space (generic addressing) while passing
// a 32-bit shared address, so tirx writes the .shared.b64 form itself.
#pragma once

#include <tirx/core/config.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {
#if defined(__CUDACC__)
/// cp.async.commit_group: the calling thread's cp.async since the last
/// commit form one group.
__device__ TIRX_FORCEINLINE void cp_async_commit_group() {
  asm volatile("cp.async.commit_group;" ::: "memory");
}
/// cp.async.wait_group N: wait until at most N of the calling thread's
/// groups are pending.
template <int N> __device__ TIRX_FORCEINLINE void cp_async_wait_group() {
  static_assert(N >= 0 && N < 64, "tirx::cp_async_wait_group: N must lie in [0, 64)");
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}
/// cp.async.wait_all: wait for every cp.async of the calling thread.
__device__ TIRX_FORCEINLINE void cp_async_wait_all() {
  asm volatile("cp.async.wait_all;" ::: "memory");
}
/// cp.async.mbarrier.arrive.shared.b64: an arrive on the mbarrier word bar
/// once every earlier cp.async of the calling thread has completed; the
/// pending count goes up by one now, so the arrive leaves the phase's
/// count as it was (the thread still arrives itself). compute-sanitizer's
/// synccheck (CUDA 13.0) flags that arrive as "Missing wait" (CCCL's
/// cuda::pipeline_producer_commit, the same protocol, too); the .noinc form
/// with the count raised by the asynchronous arrives is the equivalent it accepts.
__device__ TIRX_FORCEINLINE void cp_async_mbarrier_arrive(cuda::std::uint64_t* bar) {
  asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"r"(
                   static_cast<unsigned>(__cvta_generic_to_shared(bar)))
               : "memory");
}
/// cp.async.mbarrier.arrive.noinc.shared.b64: the same without the
/// increment: the asynchronous arrive is one of the count the barrier was
/// initialized with (init(threads) and every thread's noinc arrive complete
/// a phase once all their copies are in).
__device__ TIRX_FORCEINLINE void cp_async_mbarrier_arrive_noinc(cuda::std::uint64_t* bar) {
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"(
                   static_cast<unsigned>(__cvta_generic_to_shared(bar)))
               : "memory");
}
#endif
} // namespace tirx
