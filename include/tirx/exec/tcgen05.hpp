// The tcgen05 operations that are not tile operations (sm_100a): tensor
// memory allocation, completion of MMAs and copies on an mbarrier, the
// thread-sync fences, the waits of tcgen05.ld / st, and shift. Each goes
// through CCCL's cuda::ptx; each stops the compilation for any target but
// sm_100a with one line (compile tcgen05 code for sm_100a only:
// -gencode=arch=compute_100a,code=sm_100a, and guard it with
// #if defined(__CUDA_ARCH_FEAT_SM100_ALL) in code built for several targets).
//
//   tmem_alloc<Cols[, CtaGroup]>(slot)   one warp: allocates Cols columns (a power of two in
//                                        [32, 512]) and writes their address to the shared word
//                                        slot (tcgen05.alloc); every thread reads it after a
//                                        barrier (tcgen05_fence_before/after around it)
//   tmem_dealloc<Cols[, CtaGroup]>(addr) the same warp frees them (tcgen05.dealloc)
//   tmem_relinquish_alloc_permit<G>()    the CTA allocates no more
//   (tcgen05.relinquish_alloc_permit) tcgen05_commit<G>(bar)               bar arrives once the
//   tcgen05.mma / cp this thread
//                                        issued before are done (.mbarrier::arrive::one)
//   tcgen05_commit_multicast<G>(bar, mask)  the same on bar's word in each CTA of mask
//   tcgen05_fence_before_thread_sync()   orders tcgen05 work before a barrier / mbarrier arrive,
//   tcgen05_fence_after_thread_sync()    and after a barrier / mbarrier wait
//   tcgen05_wait_ld(frag...)             waits for this thread's tcgen05.ld (then pins frag)
//   tcgen05_wait_st()                    waits for this thread's tcgen05.st
//   tcgen05_shift_down<G>(t)             shifts 256-bit rows from TMEM tensor t down one lane
#pragma once

#include <tirx/exec/barrier.hpp>
#include <tirx/ptx/wgmma_sync.hpp>
#include <tirx/tensor/tmem.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

/// In a device function template with a type parameter T: stops the
/// compilation for any target but sm_100a with "OP: needs sm_100a, ..."
/// (TIRX_ARCH_SPECIFIC_RULE_TEXT; -arch=sm_100a's compute_100 PTX pass too).
#if defined(__CUDA_ARCH__) && !TIRX_HAS_SM100A
#define TIRX_NEEDS_SM100A(T, op)                                                                   \
  static_assert(::tirx::detail::dependent_false<T>,                                                \
                op TIRX_ARCH_SPECIFIC_RULE_TEXT("100a", "100", "1000", "TIRX_HAS_SM100A",          \
                                                "__CUDA_ARCH_FEAT_SM100_ALL"))
#else
#define TIRX_NEEDS_SM100A(T, op) static_assert(true)
#endif

#if defined(__CUDACC__)
namespace detail {
template <int G>
using cta_group_tag = cuda::ptx::cta_group_t<G == 1 ? cuda::ptx::dot_cta_group::cta_group_1
                                                    : cuda::ptx::dot_cta_group::cta_group_2>;
/// CtaGroup of a tcgen05 operation: 1 (one CTA) or 2 (the CTA pair of a cta_group::2 MMA).
template <int G> struct cta_group_check {
  static_assert(G == 1 || G == 2, "tirx::tcgen05: CtaGroup must be 1 (cta_group::1, one CTA) or 2 "
                                  "(cta_group::2, the pair of CTAs of one MMA)");
  static constexpr bool ok = G == 1 || G == 2;
};
} // namespace detail

/// Allocates Cols columns of tensor memory (all 128 lanes) and writes the
/// address to `slot`, a 32-bit word of shared memory. Called by every lane
/// of one warp (the warp that will free them); blocks until the columns
/// are free. CtaGroup 2: the pair of CTAs of a cta_group::2 MMA allocate
/// together (one warp in each).
template <int Cols, int CtaGroup = 1, class T = void>
__device__ TIRX_FORCEINLINE void tmem_alloc(cuda::std::uint32_t* slot) {
  static_assert(Cols >= 32 && Cols <= tmem_column_count && (Cols & (Cols - 1)) == 0,
                "tirx::tmem_alloc: the column count (Cols) must be a power of two in [32, 512]; "
                "round up with tmem_alloc_columns(n)");
  static_assert(sizeof(detail::cta_group_check<CtaGroup>) > 0); // instantiates the check
  TIRX_NEEDS_SM100A(T, "tirx::tmem_alloc");
  TIRX_CHECK(__isShared(slot), "tirx::tmem_alloc: the address slot must be in shared memory");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_alloc(detail::cta_group_tag<CtaGroup>{}, slot,
                           static_cast<cuda::std::uint32_t>(Cols));
#else
  (void)slot;
#endif
}

/// Frees the Cols columns at addr (from tmem_alloc), by every lane of the
/// warp that allocated them, after every use of them has completed.
template <int Cols, int CtaGroup = 1, class T = void>
__device__ TIRX_FORCEINLINE void tmem_dealloc(cuda::std::uint32_t addr) {
  static_assert(Cols >= 32 && Cols <= tmem_column_count && (Cols & (Cols - 1)) == 0,
                "tirx::tmem_dealloc: the column count (Cols) must be a power of two in [32, 512], "
                "the count tmem_alloc took");
  static_assert(sizeof(detail::cta_group_check<CtaGroup>) > 0); // instantiates the check
  TIRX_NEEDS_SM100A(T, "tirx::tmem_dealloc");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_dealloc(detail::cta_group_tag<CtaGroup>{}, addr,
                             static_cast<cuda::std::uint32_t>(Cols));
#else
  (void)addr;
#endif
}

/// The CTA will allocate no more tensor memory (lets a waiting CTA on the
/// SM allocate); by every lane of one warp.
template <int CtaGroup = 1, class T = void>
__device__ TIRX_FORCEINLINE void tmem_relinquish_alloc_permit() {
  static_assert(sizeof(detail::cta_group_check<CtaGroup>) > 0); // instantiates the check
  TIRX_NEEDS_SM100A(T, "tirx::tmem_relinquish_alloc_permit");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_relinquish_alloc_permit(detail::cta_group_tag<CtaGroup>{});
#endif
}

/// bar arrives once (one arrival, no transaction bytes) when every
/// tcgen05.mma and tcgen05.cp this thread issued before has completed
/// (tcgen05.commit.mbarrier::arrive::one). bar: this CTA's barrier, or with
/// CtaGroup 2 the barrier of either CTA of the pair (a mapped address).
template <int CtaGroup = 1, class T = void>
__device__ TIRX_FORCEINLINE void tcgen05_commit(MBarrier bar) {
  static_assert(sizeof(detail::cta_group_check<CtaGroup>) > 0); // instantiates the check
  TIRX_NEEDS_SM100A(T, "tirx::tcgen05_commit");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_commit(detail::cta_group_tag<CtaGroup>{}, bar.ptr());
#else
  (void)bar;
#endif
}

/// The same arrival on bar's word in every CTA of the cluster whose rank
/// has its bit set in cta_mask (.multicast::cluster).
template <int CtaGroup = 1, class T = void>
__device__ TIRX_FORCEINLINE void tcgen05_commit_multicast(MBarrier bar,
                                                          cuda::std::uint16_t cta_mask) {
  static_assert(sizeof(detail::cta_group_check<CtaGroup>) > 0); // instantiates the check
  TIRX_NEEDS_SM100A(T, "tirx::tcgen05_commit_multicast");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_commit_multicast(detail::cta_group_tag<CtaGroup>{}, bar.ptr(), cta_mask);
#else
  (void)bar, (void)cta_mask;
#endif
}

/// Orders this thread's earlier tcgen05 operations before a following
/// thread synchronization (a CTA barrier, an mbarrier arrive).
template <class T = void> __device__ TIRX_FORCEINLINE void tcgen05_fence_before_thread_sync() {
  TIRX_NEEDS_SM100A(T, "tirx::tcgen05_fence_before_thread_sync");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_fence_before_thread_sync();
#endif
}

/// Orders this thread's later tcgen05 operations after a preceding thread
/// synchronization (a CTA barrier, an mbarrier wait).
template <class T = void> __device__ TIRX_FORCEINLINE void tcgen05_fence_after_thread_sync() {
  TIRX_NEEDS_SM100A(T, "tirx::tcgen05_fence_after_thread_sync");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_fence_after_thread_sync();
#endif
}

/// Waits until this thread's tcgen05.ld are done (tcgen05.wait::ld), then
/// pins the fragments named: no read of their registers moves before the
/// wait.
template <class... Frag> __device__ TIRX_FORCEINLINE void tcgen05_wait_ld(Frag&... frag) {
  using Pack = cuda::std::integer_sequence<int, sizeof(Frag)...>;
  TIRX_NEEDS_SM100A(Pack, "tirx::tcgen05_wait_ld");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_wait_ld();
#endif
  (wgmma_fence_operand(frag), ...);
}

/// Waits until this thread's tcgen05.st are done (tcgen05.wait::st).
template <class T = void> __device__ TIRX_FORCEINLINE void tcgen05_wait_st() {
  TIRX_NEEDS_SM100A(T, "tirx::tcgen05_wait_st");
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_wait_st();
#endif
}

/// Shifts the 256-bit rows of tensor memory from t's first element down by
/// one lane (tcgen05.shift.down: PTX's implicit .31x256b shape, the 31 rows
/// from that lane to the next); one thread issues it, asynchronously.
template <int CtaGroup = 1, class X>
__device__ TIRX_FORCEINLINE void tcgen05_shift_down(const X& t) {
  static_assert(sizeof(detail::cta_group_check<CtaGroup>) > 0); // instantiates the check
  TIRX_NEEDS_SM100A(X, "tirx::tcgen05_shift_down");
  const cuda::std::uint32_t addr = tmem_address(t);
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  cuda::ptx::tcgen05_shift_down(detail::cta_group_tag<CtaGroup>{}, addr);
#else
  (void)addr;
#endif
}
#endif

} // namespace tirx
