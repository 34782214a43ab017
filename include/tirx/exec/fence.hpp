// Memory fences, one function per PTX fence: the proxy fences between
// generic accesses and the async proxy (TMA, bulk copies, wgmma), the fence
// that publishes mbarrier inits, and acq_rel fences at cta, cluster, gpu and
// sys scope. Also the rule that sm_90-only operations stop compiling for
// older targets. Which fence when (docs/pipelines.md#which-fence-when):
//
//   after mbarrier init                    fence_mbarrier_init(), then cta_sync()
//                                          (a cluster: cluster_arrive_relaxed + cluster_wait)
//   st.shared before a TMA store or bulk   fence_proxy_async_shared() by every writing
//   copy reads the tile                    thread, then a CTA (or named) barrier
//   st.shared before wgmma reads it        the same, then wgmma_fence()
//   st.global before a TMA load reads it   fence_proxy_async_global()
//   TMA / bulk data after its barrier wait none: the wait orders it
#pragma once

#include <tirx/core/config.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

namespace detail {
/// False, but only once T is known: a static_assert on it fires only in an
/// instantiation (the call), not where the template is defined.
template <class T> inline constexpr bool dependent_false = false;
} // namespace detail

/// In a device function template with a type parameter T: stops the
/// compilation for a target before sm_90 with "OP: needs sm_90 or newer,
/// ..." (TIRX_ARCH_RULE_TEXT). A call compiled only for sm_90 and newer
/// (`#if __CUDA_ARCH__ >= 900`) is fine.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define TIRX_NEEDS_SM90(T, op)                                                                     \
  static_assert(::tirx::detail::dependent_false<T>, op TIRX_ARCH_RULE_TEXT("90", "900"))
#else
#define TIRX_NEEDS_SM90(T, op) static_assert(true)
#endif

/// The scope of an acq_rel fence.
enum class FenceScope { cta, cluster, gpu, sys };

#if defined(__CUDACC__)
/// Orders this thread's generic-proxy accesses to shared memory (st.shared,
/// stmatrix) before later async-proxy accesses (a TMA store, wgmma reading
/// shared memory), and async writes before later generic reads
/// (fence.proxy.async.shared::cta). Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void fence_proxy_async_shared() {
  TIRX_NEEDS_SM90(T, "tirx::fence_proxy_async_shared");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
#endif
}

/// Orders this thread's generic-proxy accesses to global memory before
/// later async-proxy accesses to it (a TMA or bulk load of data this kernel
/// wrote with st.global), and async writes before later generic accesses
/// (fence.proxy.async.global). Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void fence_proxy_async_global() {
  TIRX_NEEDS_SM90(T, "tirx::fence_proxy_async_global");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::fence_proxy_async(cuda::ptx::space_global);
#endif
}

/// The same for every state space (fence.proxy.async). Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void fence_proxy_async() {
  TIRX_NEEDS_SM90(T, "tirx::fence_proxy_async");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::fence_proxy_async();
#endif
}

/// Makes this thread's mbarrier inits before it visible, with release at
/// cluster scope, to the threads, the copies (TMA, bulk) and the other
/// CTAs of the cluster that use the barriers after the CTA or cluster
/// barrier that follows it (fence.mbarrier_init.release.cluster): the one
/// fence after mbarrier init, in a CTA or a cluster. Below sm_90 (no
/// clusters, no TMA) it is empty: the CTA barrier after it orders the inits.
template <class T = void> __device__ TIRX_FORCEINLINE void fence_mbarrier_init() {
#if __CUDA_ARCH__ >= 900
  cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
#endif
}

/// fence.acq_rel at Scope: accesses before it are ordered before accesses
/// after it as seen by the threads of Scope. FenceScope::cluster needs sm_90.
template <FenceScope Scope> __device__ TIRX_FORCEINLINE void fence_acq_rel() {
  if constexpr (Scope == FenceScope::cta) {
    cuda::ptx::fence(cuda::ptx::sem_acq_rel, cuda::ptx::scope_cta);
  } else if constexpr (Scope == FenceScope::cluster) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
    static_assert(Scope != FenceScope::cluster,
                  "tirx::fence_acq_rel<FenceScope::cluster>" TIRX_ARCH_RULE_TEXT("90", "900"));
#else
    cuda::ptx::fence(cuda::ptx::sem_acq_rel, cuda::ptx::scope_cluster);
#endif
  } else if constexpr (Scope == FenceScope::gpu) {
    cuda::ptx::fence(cuda::ptx::sem_acq_rel, cuda::ptx::scope_gpu);
  } else {
    cuda::ptx::fence(cuda::ptx::sem_acq_rel, cuda::ptx::scope_sys);
  }
}
#endif

} // namespace tirx
