// The rules tirx::launch checks before it launches, on the configuration
// and on what the device says (LaunchFacts): the block against the block
// dimensions read and the threads the layouts expect, the cluster against
// the grid, the co-residency of a cooperative grid, the priority range, the
// access-policy window. launch_problem() gives the first broken rule as one
// line (the operation, the rule, the numbers, the fix) and the error the
// launch returns; nothing here calls the CUDA runtime.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/host/launch_config.hpp>

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
#include <cuda_runtime.h>

#include <cstdio>

namespace tirx {

/// What the device says about a launch, queried by tirx::launch only for
/// the attributes the launch has.
struct LaunchFacts {
  bool cooperative_supported = true; ///< cudaDevAttrCooperativeLaunch
  int sms = 0;                       ///< cudaDevAttrMultiProcessorCount
  /// CTAs of the kernel one SM holds at once at this block and shared memory
  /// (cudaOccupancyMaxActiveBlocksPerMultiprocessor); without a cluster
  int blocks_per_sm = 0;
  /// clusters of the kernel the device holds at once (cudaOccupancyMaxActiveClusters); with one
  int active_clusters = 0;
  int least_priority = 0;         ///< cudaDeviceGetStreamPriorityRange: the lowest priority
  int greatest_priority = 0;      ///< and the highest (the smaller number)
  long long max_window_bytes = 0; ///< cudaDevAttrMaxAccessPolicyWindowSize (0: no windows)
};

/// A broken rule: the message (empty when every rule holds) and the error
/// the launch returns.
struct LaunchProblem {
  char message[512] = {};
  cudaError_t error = cudaSuccess;
  explicit operator bool() const { return message[0] != 0; }
};

// Returns a LaunchProblem with the error and the formatted message (a
// literal format, so that the compiler checks the arguments).
#define TIRX_LAUNCH_REFUSE(error_code, ...)                                                        \
  do {                                                                                             \
    LaunchProblem refusal_;                                                                        \
    refusal_.error = error_code;                                                                   \
    std::snprintf(refusal_.message, sizeof refusal_.message, __VA_ARGS__);                         \
    return refusal_;                                                                               \
  } while (0)

namespace detail {
inline unsigned long long cluster_ctas(const LaunchConfig& cfg) {
  return 1ULL * cfg.cluster.x * cfg.cluster.y * cfg.cluster.z;
}
} // namespace detail

/// The rules that need no device: the first broken one, or no problem.
inline LaunchProblem launch_config_problem(const LaunchConfig& cfg) {
  const dim3 b = cfg.block, g = cfg.grid, c = cfg.cluster;
  if ((block_dims < 3 && b.z != 1) || (block_dims < 2 && b.y != 1))
    TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                       "tirx::launch: the block is %u x %u x %u but tile operations read %d "
                       "block dimension(s) (TIRX_BLOCK_DIMS); launch a %d-D block, or define "
                       "TIRX_BLOCK_DIMS as 3",
                       b.x, b.y, b.z, block_dims, block_dims);
  const long long threads = 1LL * b.x * b.y * b.z;
  if (cfg.expect_threads != 0 && threads != cfg.expect_threads)
    TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                       "tirx::launch: the block has %lld threads but the kernel's layouts "
                       "expect %lld; launch with block = %lld",
                       threads, cfg.expect_threads, cfg.expect_threads);
  if (c.x == 0 || c.y == 0 || c.z == 0 || g.x % c.x != 0 || g.y % c.y != 0 || g.z % c.z != 0)
    TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                       "tirx::launch: the grid %u x %u x %u is no multiple of the cluster "
                       "%u x %u x %u; launch a grid whose every dimension is a multiple of "
                       "the cluster's",
                       g.x, g.y, g.z, c.x, c.y, c.z);
  if (cfg.programmatic_event && cfg.programmatic_event->event == nullptr)
    TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                       "tirx::launch: the programmatic event is null; create one with "
                       "cudaEventCreateWithFlags(&event, cudaEventDisableTiming), or leave "
                       "programmatic_event unset");
  if (cfg.access_policy_window) {
    const AccessPolicyWindow& w = *cfg.access_policy_window;
    if (w.base == nullptr || w.bytes == 0)
      TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                         "tirx::launch: the access-policy window is empty (base %p, %zu "
                         "bytes); give it the buffer and its bytes, or leave "
                         "access_policy_window unset",
                         w.base, w.bytes);
    const float r = w.policy.hit_ratio;
    if (!(r >= 0.0f && r <= 1.0f))
      TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                         "tirx::launch: the access-policy window's hit ratio is %g, outside "
                         "[0, 1]; pass the fraction of the window's lines that get the hit "
                         "property (e.g. 0.6)",
                         static_cast<double>(r));
    if (w.policy.miss == L2Access::persisting)
      TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                         "tirx::launch: the access-policy window's miss property is "
                         "persisting, which CUDA refuses for misses; pass L2Access::normal "
                         "or L2Access::streaming");
  }
  return LaunchProblem{};
}

/// Every rule, with what the device said: the first broken one, or no
/// problem. facts holds only what the launch's attributes need.
inline LaunchProblem launch_problem(const LaunchConfig& cfg, const LaunchFacts& facts) {
  if (LaunchProblem p = launch_config_problem(cfg))
    return p;
  if (cfg.cooperative) {
    if (!facts.cooperative_supported)
      TIRX_LAUNCH_REFUSE(cudaErrorNotSupported,
                         "tirx::launch: the device does not take cooperative launches "
                         "(cudaDevAttrCooperativeLaunch is 0); launch without cooperative "
                         "(and without grid_sync)");
    const unsigned long long ctas = 1ULL * cfg.grid.x * cfg.grid.y * cfg.grid.z;
    const long long threads = 1LL * cfg.block.x * cfg.block.y * cfg.block.z;
    const unsigned long long per_cluster = detail::cluster_ctas(cfg);
    if (per_cluster > 1) {
      const unsigned long long clusters = ctas / per_cluster;
      if (clusters > static_cast<unsigned long long>(facts.active_clusters))
        TIRX_LAUNCH_REFUSE(
            cudaErrorCooperativeLaunchTooLarge,
            "tirx::launch: the cooperative grid has %llu clusters of %llu CTAs but the device "
            "holds %d at once (cudaOccupancyMaxActiveClusters at %lld threads, %zu bytes of "
            "dynamic shared memory); launch at most %d clusters (a grid-stride loop covers "
            "the rest)",
            clusters, per_cluster, facts.active_clusters, threads, cfg.smem, facts.active_clusters);
    } else {
      const unsigned long long fit =
          1ULL * static_cast<unsigned>(facts.blocks_per_sm) * static_cast<unsigned>(facts.sms);
      if (ctas > fit)
        TIRX_LAUNCH_REFUSE(cudaErrorCooperativeLaunchTooLarge,
                           "tirx::launch: the cooperative grid has %llu CTAs but %d SMs x %d "
                           "CTAs each = %llu fit at once "
                           "(cudaOccupancyMaxActiveBlocksPerMultiprocessor at %lld threads, "
                           "%zu bytes of dynamic shared memory); launch at most %llu CTAs (a "
                           "grid-stride loop covers the rest)",
                           ctas, facts.sms, facts.blocks_per_sm, fit, threads, cfg.smem, fit);
    }
  }
  if (cfg.priority) {
    const int p = *cfg.priority;
    if (p < facts.greatest_priority || p > facts.least_priority)
      TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                         "tirx::launch: priority %d is outside the device's range [%d, %d] "
                         "(lower numbers run first); pass a value in it "
                         "(tirx::stream_priorities())",
                         p, facts.greatest_priority, facts.least_priority);
  }
  if (cfg.access_policy_window) {
    const std::size_t bytes = cfg.access_policy_window->bytes;
    if (facts.max_window_bytes <= 0)
      TIRX_LAUNCH_REFUSE(cudaErrorNotSupported,
                         "tirx::launch: the device has no access-policy windows "
                         "(cudaDevAttrMaxAccessPolicyWindowSize is 0); leave "
                         "access_policy_window unset on it");
    if (bytes > static_cast<unsigned long long>(facts.max_window_bytes))
      TIRX_LAUNCH_REFUSE(cudaErrorInvalidValue,
                         "tirx::launch: the access-policy window has %zu bytes but the "
                         "device takes at most %lld (cudaDevAttrMaxAccessPolicyWindowSize); "
                         "shrink the window to the data the kernel re-reads",
                         bytes, facts.max_window_bytes);
  }
  return LaunchProblem{};
}

#undef TIRX_LAUNCH_REFUSE

} // namespace tirx
#endif
