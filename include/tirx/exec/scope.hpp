// Execution scopes: which threads one tile operation spans, and how an
// operand's leading (group) modes name a thread. apply and ewise add no
// barrier and no election; the scope only says how to read the operands.
//
//   scope      group prefix of a per-thread instruction
//   thread     none
//   warp       (lane: 32)
//   warpgroup  (warp in group: 4, lane: 32)
//   cta        (warp: any, lane: 32)
//   cluster    (CTA in cluster: any, warp: any, lane: 32)   needs a cluster launch
#pragma once

#include <tirx/layout/axis.hpp>

#if defined(__CUDACC__)
#include <cuda/ptx>
#endif

namespace tirx {

namespace scope {

// Each scope is an enumeration with one enumerator, so that `scope::cta` is
// a constant (no object that device code would have to reach) and its type
// says which scope it is. traits<...> holds the facts.
enum thread_t { thread };
enum warp_t { warp };
enum warpgroup_t { warpgroup };
enum cta_t { cta };
enum cluster_t { cluster };

/// A scope's group rank, the axis of each group mode and its required
/// extent (0: any).
template <class S>
struct traits;
template <>
struct traits<thread_t> {
  static constexpr int group_rank = 0;
  static constexpr index_t axis[1] = {0};
  static constexpr index_t extent[1] = {0};
};
template <>
struct traits<warp_t> {
  static constexpr int group_rank = 1;
  static constexpr index_t axis[1] = {1}; // laneid
  static constexpr index_t extent[1] = {32};
};
template <>
struct traits<warpgroup_t> {
  static constexpr int group_rank = 2;
  static constexpr index_t axis[2] = {5, 1}; // wid_in_wg, laneid
  static constexpr index_t extent[2] = {4, 32};
};
template <>
struct traits<cta_t> {
  static constexpr int group_rank = 2;
  static constexpr index_t axis[2] = {2, 1}; // warpid, laneid
  static constexpr index_t extent[2] = {0, 32};
};
template <>
struct traits<cluster_t> {
  static constexpr int group_rank = 3;
  static constexpr index_t axis[3] = {10, 2, 1}; // CTA rank in cluster, warpid, laneid
  static constexpr index_t extent[3] = {0, 0, 32};
};

template <class S>
inline constexpr bool is_scope_v = requires { traits<S>::group_rank; };

} // namespace scope

#if defined(__CUDACC__)
namespace detail {
/// The issuing thread's coordinate in group mode G of scope S. tirx reads
/// thread coordinates from threadIdx.x: blocks are one-dimensional (checked
/// in debug builds).
template <class S, int G>
__device__ TIRX_FORCEINLINE int group_coord() {
  constexpr index_t ax = scope::traits<S>::axis[G];
  if constexpr (ax == 1) return static_cast<int>(threadIdx.x % 32); // laneid
  else if constexpr (ax == 2) return static_cast<int>(threadIdx.x / 32); // warp in CTA
  else if constexpr (ax == 5) return static_cast<int>((threadIdx.x / 32) % 4); // warp in warpgroup
  else return static_cast<int>(cuda::ptx::get_sreg_cluster_ctarank());
}
} // namespace detail
#endif

} // namespace tirx
