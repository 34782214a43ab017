// L2 cache policies for the .L2::cache_hint spellings of ld/st (sm_80+):
// 64-bit opaque values made by PTX createpolicy, passed to tile::apply as
// tile::cache_hint(policy). A policy is a hint: it changes which lines the
// L2 keeps, never a result or the memory ordering.
//
//   policy::evict_first(f)      createpolicy.fractional.L2::evict_first.b64   (f of the lines:
//   evict first) policy::evict_last(f)       createpolicy.fractional.L2::evict_last.b64    (f of
//   the lines: keep longest) policy::evict_normal(f) createpolicy.fractional.L2::evict_normal.b64
//   policy::evict_unchanged(f)  createpolicy.fractional.L2::evict_unchanged.b64
//   policy::fractional<P, Q>(f) the fraction f of the addresses gets priority P, the rest Q
//                               (Q: Evict::unchanged, the default, or Evict::first)
//   policy::range<P, Q>(p, primary_bytes, total_bytes)
//                               createpolicy.range.global: [p, p + primary_bytes) gets P, the rest
//                               of [p, p + total_bytes) Q
//   policy::convert(property)   createpolicy.cvt.L2.b64: the 64-bit access property of the CUDA
//                               APIs (cuda::access_property) as a policy
//
// f lies in (0, 1] (default 1: every access). All of these are sm_80+ (PTX 7.4).
//
// A cuda::access_property (<cuda/annotated_ptr>) converts explicitly to a
// uint64_t as well, and tile::cache_hint takes it directly (not a bare tag
// such as cuda::access_property::streaming{}: construct the property).
// nvcc itself passes that value unconverted as the policy operand of
// .L2::cache_hint (cuda::associate_access_property), as tile::cache_hint
// does; convert() is the conversion that PTX documents.
#pragma once

#include <tirx/core/config.hpp>

namespace tirx::policy {

/// An L2 eviction priority of createpolicy.
enum class Evict { normal, first, last, unchanged };

#if defined(__CUDACC__)
namespace detail {
#define TIRX_POLICY_FRACTIONAL(P, Q)                                                               \
  asm("createpolicy.fractional.L2::" P Q ".b64 %0, %1;" : "=l"(d) : "f"(fraction))
#define TIRX_POLICY_RANGE(P, Q)                                                                    \
  asm("createpolicy.range.global.L2::" P Q ".b64 %0, [%1], %2, %3;"                                \
      : "=l"(d)                                                                                    \
      : "l"(p), "r"(primary_bytes), "r"(total_bytes))
#define TIRX_POLICY_SELECT(MACRO, ...)                                                             \
  if constexpr (Q == Evict::unchanged) {                                                           \
    if constexpr (P == Evict::first)                                                               \
      MACRO("evict_first", "");                                                                    \
    else if constexpr (P == Evict::last)                                                           \
      MACRO("evict_last", "");                                                                     \
    else if constexpr (P == Evict::normal)                                                         \
      MACRO("evict_normal", "");                                                                   \
    else                                                                                           \
      MACRO("evict_unchanged", "");                                                                \
  } else {                                                                                         \
    if constexpr (P == Evict::first)                                                               \
      MACRO("evict_first", ".L2::evict_first");                                                    \
    else if constexpr (P == Evict::last)                                                           \
      MACRO("evict_last", ".L2::evict_first");                                                     \
    else if constexpr (P == Evict::normal)                                                         \
      MACRO("evict_normal", ".L2::evict_first");                                                   \
    else                                                                                           \
      MACRO("evict_unchanged", ".L2::evict_first");                                                \
  }
} // namespace detail

/// A fraction-based policy: `fraction` (in (0, 1]) of the addresses get
/// priority P, the others Q (Evict::unchanged or Evict::first).
template <Evict P, Evict Q = Evict::unchanged>
__device__ TIRX_FORCEINLINE unsigned long long fractional(float fraction = 1.0f) {
  static_assert(Q == Evict::unchanged || Q == Evict::first,
                "tirx::policy: the secondary priority is Evict::unchanged or Evict::first");
  unsigned long long d;
  TIRX_POLICY_SELECT(TIRX_POLICY_FRACTIONAL)
  return d;
}

/// A range-based policy: the first primary_bytes from p get priority P, the
/// rest of total_bytes from p get Q (Evict::unchanged or Evict::first).
/// p is a global address.
template <Evict P, Evict Q = Evict::unchanged>
__device__ TIRX_FORCEINLINE unsigned long long range(const void* p, unsigned primary_bytes,
                                                     unsigned total_bytes) {
  static_assert(Q == Evict::unchanged || Q == Evict::first,
                "tirx::policy: the secondary priority is Evict::unchanged or Evict::first");
  unsigned long long d;
  TIRX_POLICY_SELECT(TIRX_POLICY_RANGE)
  return d;
}
#undef TIRX_POLICY_FRACTIONAL
#undef TIRX_POLICY_RANGE
#undef TIRX_POLICY_SELECT

/// Data read or written once: evict it first (streaming).
__device__ TIRX_FORCEINLINE unsigned long long evict_first(float fraction = 1.0f) {
  return fractional<Evict::first>(fraction);
}
/// Data used again soon: keep it in L2 longest (persisting).
__device__ TIRX_FORCEINLINE unsigned long long evict_last(float fraction = 1.0f) {
  return fractional<Evict::last>(fraction);
}
/// The normal priority.
__device__ TIRX_FORCEINLINE unsigned long long evict_normal(float fraction = 1.0f) {
  return fractional<Evict::normal>(fraction);
}
/// Leaves the lines' priority as it is.
__device__ TIRX_FORCEINLINE unsigned long long evict_unchanged(float fraction = 1.0f) {
  return fractional<Evict::unchanged>(fraction);
}

/// The access property of the CUDA APIs (the 64-bit value of
/// cuda::access_property) as a cache policy: createpolicy.cvt.L2.b64.
__device__ TIRX_FORCEINLINE unsigned long long convert(unsigned long long access_property) {
  unsigned long long d;
  asm("createpolicy.cvt.L2.b64 %0, %1;" : "=l"(d) : "l"(access_property));
  return d;
}
#endif

} // namespace tirx::policy
