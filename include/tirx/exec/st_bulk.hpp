// st.bulk (sm_100, PTX 8.6; through cuda::ptx): one thread zeroes a range
// of shared memory with one instruction, instead of every thread storing
// zeros. A kernel clears an accumulator tile, a padding band or a reused
// ring stage before the next producer writes part of it:
//
//   bulk::zero(tile);            // one thread: the tile's bytes are 0
//   fence_proxy_async_shared();  // (before an async copy or MMA reads it)
//
// Spelling: st.bulk.weak.shared::cta [a], size, 0 (initval 0, the only value
// PTX takes). The address is 8-byte aligned and the size a multiple of 8.
#pragma once

#include <tirx/core/config.hpp>
#include <tirx/layout/measure.hpp>
#include <tirx/tensor/tensor.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::bulk {

#if defined(__CUDACC__)
namespace detail {
template <class T> inline constexpr bool st_bulk_false = false;
template <class T> __device__ TIRX_FORCEINLINE constexpr void st_bulk_arch() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 1000
  static_assert(st_bulk_false<T>, "tirx::bulk::zero: st.bulk" TIRX_ARCH_RULE_TEXT("100", "1000"));
#endif
}
} // namespace detail

/// Zeroes `bytes` bytes of shared memory at p (one thread; p 8-byte
/// aligned, bytes a multiple of 8; debug builds check both).
template <class T = void> __device__ TIRX_FORCEINLINE void zero_bytes(void* p, unsigned bytes) {
  detail::st_bulk_arch<T>();
  TIRX_CHECK(__isShared(p) != 0, "tirx::bulk::zero_bytes: st.bulk writes shared memory");
  TIRX_CHECK((reinterpret_cast<unsigned long long>(p) & 7) == 0 && bytes % 8 == 0,
             "tirx::bulk::zero_bytes: the address is 8-byte aligned and the size a multiple of 8");
#if __CUDA_ARCH__ >= 1000
  cuda::ptx::st_bulk(p, static_cast<cuda::std::uint64_t>(bytes), cuda::ptx::n32_t<0>{});
#endif
}

/// Zeroes a shared tensor's whole reach, its elements from data() to the
/// last one its layout reaches (one thread).
template <class Tn> __device__ TIRX_FORCEINLINE void zero(const Tn& t) {
  static_assert(is_tensor_v<Tn>, "tirx::bulk::zero: the argument is a tensor");
  static_assert(Tn::scope == MemScope::shared || Tn::scope == MemScope::shared_dyn,
                "tirx::bulk::zero: st.bulk writes shared memory; the tensor is a shared one "
                "(alloc_shared, SMEMPool)");
  constexpr long long bytes =
      static_cast<long long>(span(Tn::layout())) * sizeof(typename Tn::value_type);
  static_assert(bytes % 8 == 0, "tirx::bulk::zero: the tensor's bytes are a multiple of 8 "
                                "(st.bulk's size); zero a larger tile or use plain stores");
  static_assert(Tn::align >= 8, "tirx::bulk::zero: st.bulk needs an 8-byte aligned address; "
                                "declare the tensor with align 8 or more");
  zero_bytes<Tn>(const_cast<void*>(static_cast<const void*>(t.data())),
                 static_cast<unsigned>(bytes));
}
#endif

} // namespace tirx::bulk
