// Bulk copies: contiguous byte ranges moved by the TMA unit without a
// tensor map (cp.async.bulk, sm_90). One thread issues each; sizes and
// addresses are multiples of 16 bytes (checked in debug builds).
//
//   bulk::copy_g2s(dst, src, bytes, bar)            global -> shared, completes on mbarrier bar
//   bulk::copy_s2g(dst, src, bytes)                 shared -> global, in the bulk group
//   bulk::copy_s2cluster(dst, src, bytes, bar, r)   shared -> the shared memory of cluster CTA r
//   bulk::reduce_add_s2g(dst, src, bytes)           global += shared (f32, f64, f16, bf16,
//                                                   s32, u32, u64), in the bulk group
//   bulk::commit(), wait<N>(), wait_read<N>()       the bulk groups (as tma::store_commit ...)
//   bulk::prefetch_l2(src, bytes)                   global bytes into L2
//
// copy_g2s, copy_s2g and prefetch_l2 take an L2 policy (tile::cache_hint)
// as a last argument. The bulk groups are the same ones TMA stores use. bar
// is a tirx::MBarrier, a TMABarrier or the barrier word's
// cuda::std::uint64_t* (is_barrier_v, exec/barrier.hpp).
#pragma once

#include <tirx/exec/options.hpp>
#include <tirx/exec/pipeline.hpp>
#include <tirx/exec/tma_asm.hpp>

namespace tirx::bulk {

#if defined(__CUDACC__)

namespace detail {
template <class Any = void>
__device__ TIRX_FORCEINLINE void check16(const void* a, const void* b, unsigned bytes) {
  TIRX_CHECK(bytes % 16 == 0 && reinterpret_cast<unsigned long long>(a) % 16 == 0 &&
                 reinterpret_cast<unsigned long long>(b) % 16 == 0,
             "tirx::bulk: the size and both addresses of a bulk copy must be multiples of 16 "
             "bytes; pad the buffers to 16 bytes");
}
} // namespace detail

/// Copies bytes from global src to shared dst; they complete on the
/// mbarrier bar of this CTA (arrive_expect_tx with bytes).
template <class Bar>
__device__ TIRX_FORCEINLINE void copy_g2s(void* dst, const void* src, unsigned bytes, Bar bar) {
  TIRX_BARRIER_RULE(Bar, "tirx::bulk::copy_g2s: ");
  tma::detail::arch_rule<Bar>();
  detail::check16(dst, src, bytes);
  cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global, dst, src, bytes,
                           barrier_word(bar));
}
template <class Bar>
__device__ TIRX_FORCEINLINE void copy_g2s(void* dst, const void* src, unsigned bytes, Bar bar,
                                          tile::CacheHint hint) {
  TIRX_BARRIER_RULE(Bar, "tirx::bulk::copy_g2s: ");
  tma::detail::arch_rule<Bar>();
  detail::check16(dst, src, bytes);
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint "
               "[%0], [%1], %2, [%3], %4;" ::"r"(tma::detail::smem_address(dst)),
               "l"(src), "r"(bytes), "r"(tma::detail::smem_address(barrier_word(bar))),
               "l"(hint.policy)
               : "memory");
}

/// Copies bytes from shared src to global dst, in this thread's bulk group.
template <class Any = void>
__device__ TIRX_FORCEINLINE void copy_s2g(void* dst, const void* src, unsigned bytes) {
  tma::detail::arch_rule<Any>();
  detail::check16(dst, src, bytes);
  cuda::ptx::cp_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared, dst, src, bytes);
}
template <class Any = void>
__device__ TIRX_FORCEINLINE void copy_s2g(void* dst, const void* src, unsigned bytes,
                                          tile::CacheHint hint) {
  tma::detail::arch_rule<Any>();
  detail::check16(dst, src, bytes);
  asm volatile(
      "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%0], [%1], %2, %3;" ::"l"(dst),
      "r"(tma::detail::smem_address(src)), "r"(bytes), "l"(hint.policy)
      : "memory");
}

/// Copies bytes from this CTA's shared src to the shared memory of the
/// cluster's CTA cta_rank: dst and bar are addresses in this CTA's shared
/// memory, and the copy lands at the same offsets in CTA cta_rank (mapa),
/// completing on its mbarrier there.
template <class Bar>
__device__ TIRX_FORCEINLINE void copy_s2cluster(void* dst, const void* src, unsigned bytes, Bar bar,
                                                unsigned cta_rank) {
  TIRX_BARRIER_RULE(Bar, "tirx::bulk::copy_s2cluster: ");
  tma::detail::arch_rule<Bar>();
  detail::check16(dst, src, bytes);
  cuda::std::uint32_t rdst, rbar;
  asm("mapa.shared::cluster.u32 %0, %1, %2;"
      : "=r"(rdst)
      : "r"(tma::detail::smem_address(dst)), "r"(cta_rank));
  asm("mapa.shared::cluster.u32 %0, %1, %2;"
      : "=r"(rbar)
      : "r"(tma::detail::smem_address(barrier_word(bar))), "r"(cta_rank));
  asm volatile("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%0], [%1], "
               "%2, [%3];" ::"r"(rdst),
               "r"(tma::detail::smem_address(src)), "r"(bytes), "r"(rbar)
               : "memory");
}

/// global dst[i] += shared src[i] for bytes / sizeof(T) elements, in the
/// bulk group (T: float, double, half, bfloat16, int, unsigned, long long,
/// unsigned long long).
template <class T>
__device__ TIRX_FORCEINLINE void reduce_add_s2g(T* dst, const T* src, unsigned bytes) {
  static_assert(
      cuda::std::is_same_v<T, float> || cuda::std::is_same_v<T, double> ||
          cuda::std::is_same_v<T, half> || cuda::std::is_same_v<T, nv_bfloat16> ||
          cuda::std::is_same_v<T, int> || cuda::std::is_same_v<T, unsigned> ||
          cuda::std::is_same_v<T, unsigned long long> || cuda::std::is_same_v<T, long long>,
      "tirx::bulk::reduce_add_s2g: cp.reduce.async.bulk .add takes f32, f64, f16, bf16, s32, u32, "
      "u64 and s64 elements; reduce another type with a loop of atomics");
  tma::detail::arch_rule<T>();
  detail::check16(dst, src, bytes);
  if constexpr (cuda::std::is_same_v<T, unsigned long long>) // cuda::ptx spells it uint64_t
    cuda::ptx::cp_reduce_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared,
                                    cuda::ptx::op_add, reinterpret_cast<cuda::std::uint64_t*>(dst),
                                    reinterpret_cast<const cuda::std::uint64_t*>(src), bytes);
  else if constexpr (cuda::std::is_same_v<T, long long>)
    cuda::ptx::cp_reduce_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared,
                                    cuda::ptx::op_add, reinterpret_cast<cuda::std::int64_t*>(dst),
                                    reinterpret_cast<const cuda::std::int64_t*>(src), bytes);
  else // f16 and bf16: the .noftz forms
    cuda::ptx::cp_reduce_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared,
                                    cuda::ptx::op_add, dst, src, bytes);
}

/// Ends this thread's current bulk group.
template <class Any = void> __device__ TIRX_FORCEINLINE void commit() {
  cuda::ptx::cp_async_bulk_commit_group();
}
/// Waits until at most N bulk groups are pending (their writes done).
template <int N = 0> __device__ TIRX_FORCEINLINE void wait() {
  static_assert(N >= 0 && N <= 63, "tirx::bulk::wait<N>: N lies in 0..63");
  cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<N>{});
}
/// Waits until at most N bulk groups still read their shared sources.
template <int N = 0> __device__ TIRX_FORCEINLINE void wait_read() {
  static_assert(N >= 0 && N <= 63, "tirx::bulk::wait_read<N>: N lies in 0..63");
  cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<N>{});
}

/// Brings bytes of global memory at src into L2 (cp.async.bulk.prefetch.L2).
template <class Any = void>
__device__ TIRX_FORCEINLINE void prefetch_l2(const void* src, unsigned bytes) {
  tma::detail::arch_rule<Any>();
  TIRX_CHECK(bytes % 16 == 0 && reinterpret_cast<unsigned long long>(src) % 16 == 0,
             "tirx::bulk::prefetch_l2: the size and the address must be multiples of 16 bytes");
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src), "r"(bytes) : "memory");
}
template <class Any = void>
__device__ TIRX_FORCEINLINE void prefetch_l2(const void* src, unsigned bytes,
                                             tile::CacheHint hint) {
  tma::detail::arch_rule<Any>();
  TIRX_CHECK(bytes % 16 == 0 && reinterpret_cast<unsigned long long>(src) % 16 == 0,
             "tirx::bulk::prefetch_l2: the size and the address must be multiples of 16 bytes");
  asm volatile("cp.async.bulk.prefetch.L2.global.L2::cache_hint [%0], %1, %2;" ::"l"(src),
               "r"(bytes), "l"(hint.policy)
               : "memory");
}

#endif // __CUDACC__

} // namespace tirx::bulk
