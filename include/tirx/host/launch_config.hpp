// What a launch is: LaunchConfig (grid, block, cluster, dynamic shared
// memory from an SMEMPool plan, the stream, the threads the layouts expect)
// and its attributes: programmatic dependent launch (in the stream, or
// through a programmatic event), cooperative launch, priority and the L2
// access-policy window, with L2Policy, whose constant
// arguments are checked at compile time. threads_of(layout) counts the
// threads a layout needs.
#pragma once

#include <tirx/core/config.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/tensor/smem_pool.hpp>

#include <cstddef>

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
#include <cuda_runtime.h>

#include <optional>
#endif

namespace tirx {

/// Threads a layout spreads its values over: tx directly, else warps x 32
/// (warpgroups x 128), at least one warp when lanes are used.
TIRX_HD constexpr index_t threads_of(const TileLayout& l) {
  if (l.uses(Axis{axis_id::tx}))
    return span(l, Axis{axis_id::tx}); // the highest thread + 1, offset included
  index_t warps = 1;
  if (l.uses(Axis{axis_id::warpid}))
    warps = span(l, Axis{axis_id::warpid});
  if (l.uses(Axis{axis_id::wgid}))
    warps *= 4 * span(l, Axis{axis_id::wgid});
  else if (l.uses(Axis{axis_id::wid_in_wg}) || l.uses(Axis{axis_id::tid_in_wg}))
    warps *= 4;
  bool threaded = l.uses(Axis{axis_id::laneid}) || l.uses(Axis{axis_id::warpid}) ||
                  l.uses(Axis{axis_id::wgid}) || l.uses(Axis{axis_id::wid_in_wg}) ||
                  l.uses(Axis{axis_id::tid_in_wg});
  return threaded ? warps * 32 : 1;
}

/// How L2 keeps the lines of an access-policy window (cudaAccessProperty):
/// normal, streaming (evicted first) or persisting (kept in the set-aside
/// part of L2, cudaLimitPersistingL2CacheSize).
enum class L2Access : int { normal = 0, streaming = 1, persisting = 2 };

/// The names of L2Access, for messages.
TIRX_HD constexpr const char* l2_access_name(L2Access a) {
  return a == L2Access::normal ? "normal" : a == L2Access::streaming ? "streaming" : "persisting";
}

/// The policy of an access-policy window: a fraction hit_ratio of the
/// window's lines gets the `hit` property, the rest the `miss` property.
/// The constructor is consteval: a ratio outside [0, 1] or a persisting miss
/// (CUDA takes normal or streaming for misses) stops compiling. A policy
/// known only at run time is L2Policy::at_run_time(ratio, hit, miss), which
/// tirx::launch checks before it launches.
struct L2Policy {
  float hit_ratio = 1.0f;
  L2Access hit = L2Access::persisting;
  L2Access miss = L2Access::normal;

  /// The whole window persisting, misses normal (TIRx's default policy).
  constexpr L2Policy() = default;
  consteval L2Policy(double ratio, L2Access hit_access = L2Access::persisting,
                     L2Access miss_access = L2Access::normal)
      : hit_ratio(static_cast<float>(ratio)), hit(hit_access), miss(miss_access) {
    // (one line each, so that the compiler shows the whole message)
    // clang-format off
    if (!(ratio >= 0.0 && ratio <= 1.0))
      detail::fail("tirx::L2Policy: the hit ratio is outside [0, 1]; pass the fraction of the window's lines that get the hit property, e.g. L2Policy{0.6}");
    if (miss_access == L2Access::persisting)
      detail::fail("tirx::L2Policy: the miss property is persisting, which CUDA refuses for misses; pass L2Access::normal or L2Access::streaming");
    // clang-format on
  }
  /// A policy from run-time values, checked by tirx::launch.
  static constexpr L2Policy at_run_time(float ratio, L2Access hit_access = L2Access::persisting,
                                        L2Access miss_access = L2Access::normal) {
    L2Policy p;
    p.hit_ratio = ratio;
    p.hit = hit_access;
    p.miss = miss_access;
    return p;
  }
};

/// The L2 access-policy window of a launch
/// (cudaLaunchAttributeAccessPolicyWindow): the kernel's accesses to
/// [base, base + bytes) follow policy; its other accesses are normal.
struct AccessPolicyWindow {
  const void* base = nullptr;
  std::size_t bytes = 0;
  L2Policy policy{};
};

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
/// The programmatic event of a launch (cudaLaunchAttributeProgrammaticEvent):
/// CUDA records `event` once every CTA of the kernel has triggered it (each
/// CTA as it starts, with trigger_at_block_start) or exited. Work that
/// another stream makes wait for it (cudaStreamWaitEvent) may start then; a
/// kernel there calls griddep_wait() before it reads what this one wrote.
/// The event is created with cudaEventDisableTiming.
struct ProgrammaticEvent {
  cudaEvent_t event = nullptr;
  bool trigger_at_block_start = false;
};

/// Where and how a kernel runs.
struct LaunchConfig {
  dim3 grid{1, 1, 1};
  dim3 block{1, 1, 1};
  dim3 cluster{1, 1, 1}; ///< CTAs per cluster; 1 x 1 x 1 launches no cluster
  size_t smem = 0;       ///< dynamic shared memory bytes: plan(p) sets them
  cudaStream_t stream = nullptr;
  long long expect_threads = 0; ///< threads per block the kernel's layouts need (0: unchecked)

  /// Programmatic dependent launch (cudaLaunchAttributeProgrammaticStreamSerialization):
  /// the kernel may start before the previous kernel of the stream ends, once
  /// every CTA of that one has called griddep_launch_dependents() (or
  /// exited); it calls griddep_wait() before it reads what that kernel wrote.
  bool programmatic_stream_serialization = false;
  /// The event other streams wait for to start before this kernel ends
  /// (cudaLaunchAttributeProgrammaticEvent).
  std::optional<ProgrammaticEvent> programmatic_event{};
  /// Cooperative launch (cudaLaunchAttributeCooperative): every CTA is
  /// resident at once, so the kernel may call grid_sync(). tirx::launch
  /// refuses a grid that does not fit.
  bool cooperative = false;
  /// The launch's priority (cudaLaunchAttributePriority), in the device's
  /// range (stream_priorities(): lower numbers run first); unset: the
  /// stream's priority.
  std::optional<int> priority{};
  /// The L2 access-policy window (cudaLaunchAttributeAccessPolicyWindow).
  std::optional<AccessPolicyWindow> access_policy_window{};

  /// Sizes the dynamic shared memory by the kernel's SMEMPool plan: what its
  /// commit() returns reaches the launch without being copied (as TIRx's
  /// commit() sizes its launch). plan: the function the kernel runs on
  /// SMEMPool::dynamic().
  template <class Plan> LaunchConfig& plan(Plan&& p) {
    smem = static_cast<size_t>(smem_bytes(static_cast<Plan&&>(p)));
    return *this;
  }
  /// Records that the kernel's layout L needs threads_of(L) threads per block.
  LaunchConfig& expect(const TileLayout& l) {
    expect_threads = threads_of(l);
    return *this;
  }
};
#endif

} // namespace tirx
