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
//   cluster_xyz (cbz, cby, cbx: any, warp: any, lane: 32)   the cluster's 3-D CTA coordinates
//
// scope::warps<First, Count>(scope::cta) (or warpgroup, warp) is the same
// scope over warps [First, First + Count) of the CTA only, as inside a
// branch `if (warp >= 4)` of a warp-specialized kernel: its warp coordinate
// counts from First, so a cta-scope operand of 4 warps in warps 4..7 sees
// them as 0..3. Debug builds check that the calling thread's warp is in the
// range.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/layout/axis.hpp>

#include <tirx/core/cccl.hpp>

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
template <class S> struct traits;
/// Defaults of every scope's traits: the whole CTA, no lanes in the group.
struct traits_base {
  static constexpr int first_warp = 0;     ///< the first warp of the range
  static constexpr int warp_count = 0;     ///< warps in the range (0: the whole CTA)
  static constexpr bool cta_warps = false; ///< the group holds (warps, lanes) of the CTA
};

template <> struct traits<thread_t> : traits_base {
  static constexpr int group_rank = 0;
  static constexpr index_t axis[1] = {0};
  static constexpr index_t extent[1] = {0};
};
template <> struct traits<warp_t> : traits_base {
  static constexpr int group_rank = 1;
  static constexpr index_t axis[1] = {1}; // laneid
  static constexpr index_t extent[1] = {32};
};
template <> struct traits<warpgroup_t> : traits_base {
  static constexpr int group_rank = 2;
  static constexpr index_t axis[2] = {5, 1}; // wid_in_wg, laneid
  static constexpr index_t extent[2] = {4, 32};
};
template <> struct traits<cta_t> : traits_base {
  static constexpr int group_rank = 2;
  static constexpr index_t axis[2] = {2, 1}; // warpid, laneid
  static constexpr index_t extent[2] = {0, 32};
  static constexpr bool cta_warps = true;
};
template <> struct traits<cluster_t> : traits_base {
  static constexpr int group_rank = 3;
  static constexpr index_t axis[3] = {10, 2, 1}; // CTA rank in cluster, warpid, laneid
  static constexpr index_t extent[3] = {0, 0, 32};
};

/// The cluster with its CTAs at their 3-D coordinates in the cluster
/// (%cluster_ctaid.z, .y, .x): group modes (cbz, cby, cbx, warps, 32). A
/// 1-D or 2-D cluster has extent-1 modes in front.
enum cluster_xyz_t { cluster_xyz };
template <> struct traits<cluster_xyz_t> : traits_base {
  static constexpr int group_rank = 5;
  static constexpr index_t axis[5] = {12, 11, 10, 2, 1}; // cbz, cby, cbx, warpid, laneid
  static constexpr index_t extent[5] = {0, 0, 0, 0, 32};
};

/// Scope S over warps [First, First + Count) of the CTA. A type, made by
/// scope::warps<First, Count>(S{}) as a prvalue (nothing for device code to
/// reach).
template <class S, int First, int Count> struct in_warps {};

template <int First, int Count, class S> TIRX_HD constexpr in_warps<S, First, Count> warps(S) {
  static_assert(
      First >= 0 && Count >= 1 && First + Count <= 32,
      "tirx::scope::warps: the range [First, First + Count) must lie in the CTA's 32 warps");
  static_assert(
      !cuda::std::is_same_v<S, warpgroup_t> || (First % 4 == 0 && Count % 4 == 0),
      "tirx::scope::warps: a warpgroup range starts at a multiple of 4 warps and holds whole "
      "warpgroups (e.g. warps<4, 4>(scope::warpgroup))");
  static_assert(cuda::std::is_same_v<S, warp_t> || cuda::std::is_same_v<S, warpgroup_t> ||
                    cuda::std::is_same_v<S, cta_t>,
                "tirx::scope::warps: a warp range narrows scope::warp, warpgroup or cta");
  return {};
}

template <class S, int First, int Count> struct traits<in_warps<S, First, Count>> : traits<S> {
  static constexpr int first_warp = First;
  static constexpr int warp_count = Count;
};
template <int First, int Count> struct traits<in_warps<cta_t, First, Count>> : traits<cta_t> {
  static constexpr int first_warp = First;
  static constexpr int warp_count = Count;
  static constexpr index_t extent[2] = {Count, 32}; // the range's warps, then lanes
};

template <class S> inline constexpr bool is_scope_v = requires { traits<S>::group_rank; };

/// The most group modes of any scope (cluster_xyz).
inline constexpr int max_group_rank = 5;

} // namespace scope

#if defined(__CUDACC__)
namespace detail {
/// The issuing thread's coordinate in group mode G of scope S, from the
/// linear thread index (core/thread.hpp: threadIdx.x alone unless
/// TIRX_BLOCK_DIMS reads .y and .z; checked in debug builds).
template <class S, int G> __device__ TIRX_FORCEINLINE int group_coord() {
  constexpr index_t ax = scope::traits<S>::axis[G];
  constexpr int first = scope::traits<S>::first_warp;
  if constexpr (ax == 1)
    return static_cast<int>(lane_index()); // laneid
  else if constexpr (ax == 2)
    return static_cast<int>(warp_index()) - first; // warp in the range
  else if constexpr (ax == 5)
    return static_cast<int>(warp_index() % 4);                      // warp in warpgroup
  else if constexpr (ax == 10 && scope::traits<S>::group_rank == 5) // cbx of cluster_xyz
    return static_cast<int>(cuda::ptx::get_sreg_cluster_ctaid_x());
  else if constexpr (ax == 11)
    return static_cast<int>(cuda::ptx::get_sreg_cluster_ctaid_y());
  else if constexpr (ax == 12)
    return static_cast<int>(cuda::ptx::get_sreg_cluster_ctaid_z());
  else
    return static_cast<int>(cuda::ptx::get_sreg_cluster_ctarank());
}
} // namespace detail
#endif

} // namespace tirx
