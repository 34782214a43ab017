// Ordering and completion of wgmma.mma_async, and its accumulator:
//   wgmma_fence(frag..)        before the first wgmma of a warpgroup that
//                              reads registers (accumulator, A fragment)
//                              written since its last wgmma, and after
//                              shared memory the wgmmas read was written
//                              by this warpgroup's generic stores (with a
//                              fence.proxy.async)
//   wgmma_commit_group()       the warpgroup's wgmmas since the last
//                              commit form one group
//   wgmma_wait_group<N>(acc..) wait until at most N groups are pending;
//                              the accumulators named are pinned across the
//                              wait (the compiler may not move their
//                              registers while the wgmmas write them)
//   alloc_wgmma_accumulator<T, N>()  the m64nN fragment, a register tensor
//                              of (64, N) over wgmma_accumulator_layout(N)
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/ptx/wgmma_layout.hpp>
#include <tirx/tensor/alloc.hpp>

namespace tirx {

/// The register tensor of a warpgroup's m64nN accumulator: (64, N) of T
/// (float, half or int), N/2 elements per thread (ptx/wgmma_layout.hpp
/// says which thread holds which).
template <class T, index_t N> TIRX_HD constexpr auto alloc_wgmma_accumulator() {
  static_assert(N >= 8 && N <= 256 && N % 8 == 0,
                "tirx::alloc_wgmma_accumulator: N must be a multiple of 8 in [8, 256] (m64nN)");
  return alloc_local<T, shape(64, N), wgmma_accumulator_layout(N)>();
}

#if defined(__CUDACC__)
namespace detail {
__device__ TIRX_FORCEINLINE void pin_register(unsigned& r) { asm volatile("" : "+r"(r)::"memory"); }
__device__ TIRX_FORCEINLINE void pin_register(float& r) { asm volatile("" : "+f"(r)::"memory"); }
__device__ TIRX_FORCEINLINE void pin_register(unsigned short& r) {
  asm volatile("" : "+h"(r)::"memory");
}
} // namespace detail

/// Keeps the compiler from moving or reusing the registers of a tensor
/// around this point (each register is an in-out operand of an empty asm).
template <class X> __device__ TIRX_FORCEINLINE void wgmma_fence_operand(X& x) {
  using T = typename X::value_type;
  constexpr index_t n = detail::local_elements(X::layout());
  constexpr index_t bytes = n * index_t{sizeof(T)};
  if constexpr (cuda::std::is_same_v<cuda::std::remove_cv_t<T>, float>) {
    // floats stay in f registers: a b32 view would add moves around the wgmma
    float* r = x.data();
    [&]<index_t... I>(cuda::std::integer_sequence<index_t, I...>) {
      (detail::pin_register(r[I]), ...);
    }
    (cuda::std::make_integer_sequence<index_t, n>{});
  } else if constexpr (bytes % 4 == 0) {
    unsigned* r = reinterpret_cast<unsigned*>(x.data());
    [&]<index_t... I>(cuda::std::integer_sequence<index_t, I...>) {
      (detail::pin_register(r[I]), ...);
    }
    (cuda::std::make_integer_sequence<index_t, bytes / 4>{});
  } else {
    static_assert(bytes % 2 == 0, "tirx::wgmma_fence_operand: a fragment of whole 16-bit words");
    unsigned short* r = reinterpret_cast<unsigned short*>(x.data());
    [&]<index_t... I>(cuda::std::integer_sequence<index_t, I...>) {
      (detail::pin_register(r[I]), ...);
    }
    (cuda::std::make_integer_sequence<index_t, bytes / 2>{});
  }
}

/// wgmma.fence.sync.aligned (every thread of the warpgroup); the
/// fragments named (the accumulators, A in registers) are pinned before it,
/// so that no register move lands between the fence and the wgmmas. Debug
/// builds check the launch here, before the wgmmas, for the wgmma applies
/// that follow (a check between two wgmmas makes ptxas serialize them).
template <class... Frag> __device__ TIRX_FORCEINLINE void wgmma_fence(Frag&... frag) {
  detail::check_block_dims();
  TIRX_CHECK(block_threads() % 128 == 0,
             "tirx::tile: at warpgroup scope the block must hold whole warpgroups: launch "
             "a multiple of 128 threads");
  (wgmma_fence_operand(frag), ...);
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
/// wgmma.commit_group.sync.aligned.
__device__ TIRX_FORCEINLINE void wgmma_commit_group() {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
#endif
}
/// wgmma.wait_group.sync.aligned N, then the accumulators pinned (not
/// before: a read of a register a pending wgmma writes makes ptxas wait
/// for every wgmma there).
template <int N, class... Acc> __device__ TIRX_FORCEINLINE void wgmma_wait_group(Acc&... acc) {
  static_assert(N >= 0 && N <= 7, "tirx::wgmma_wait_group: N (pending groups) must lie in [0, 7]");
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
#endif
  (wgmma_fence_operand(acc), ...);
}
#endif

} // namespace tirx
