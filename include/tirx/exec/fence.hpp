// Memory fences: the proxy fence between generic writes and the async proxy
// (TMA, wgmma), the fence that publishes mbarrier inits to the cluster, and
// acq_rel fences at cta, cluster, gpu and sys scope. Also the rule that
// sm_90-only operations stop compiling for older targets.
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
/// compilation for a target before sm_90 with "OP: needs sm_90 ...". A
/// call compiled only for sm_90 (`#if __CUDA_ARCH__ >= 900`) is fine.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define TIRX_NEEDS_SM90(T, op)                                                                     \
  static_assert(::tirx::detail::dependent_false<T>,                                                \
                op ": needs sm_90 or newer; compile the call only for sm_90 and newer (#if "       \
                   "__CUDA_ARCH__ >= 900)")
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

/// The same for every state space (fence.proxy.async). Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void fence_proxy_async() {
  TIRX_NEEDS_SM90(T, "tirx::fence_proxy_async");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::fence_proxy_async();
#endif
}

/// Makes the mbarrier inits before it visible to the other CTAs of the
/// cluster (and to the async proxy) before a cluster barrier
/// (fence.mbarrier_init.release.cluster). Needs sm_90.
template <class T = void> __device__ TIRX_FORCEINLINE void fence_mbarrier_init() {
  TIRX_NEEDS_SM90(T, "tirx::fence_mbarrier_init");
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
                  "tirx::fence_acq_rel<FenceScope::cluster>: needs sm_90 or newer; compile the "
                  "call only for sm_90 and newer (#if __CUDA_ARCH__ >= 900)");
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
