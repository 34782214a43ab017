// Launching a kernel: tirx::launch(cfg, kernel, args...) checks the
// configuration (host/launch_rules.hpp: the block against the layouts, a
// cooperative grid against what the device holds at once, the priority
// range, the access-policy window), raises the kernel's shared-memory limit
// when the plan needs more than the default 48 KiB, and launches through
// cudaLaunchKernelEx with the attributes the configuration asks for
// (host/launch_attributes.hpp). stream_priorities() and
// create_priority_stream() give the device's priority range and a stream
// of one priority.
#pragma once

#include <tirx/host/launch_attributes.hpp>
#include <tirx/host/launch_config.hpp>
#include <tirx/host/launch_rules.hpp>

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
#include <cuda_runtime.h>

#include <cstdio>

namespace tirx {

/// The device's stream and launch priorities: least (the default, 0) to
/// greatest (a smaller number; lower numbers run first).
struct StreamPriorities {
  int least = 0;
  int greatest = 0;
};

/// The current device's priority range (cudaDeviceGetStreamPriorityRange).
inline StreamPriorities stream_priorities() {
  StreamPriorities p;
  if (cudaDeviceGetStreamPriorityRange(&p.least, &p.greatest) != cudaSuccess)
    p = StreamPriorities{};
  return p;
}

/// Creates a non-blocking stream of the given priority
/// (cudaStreamCreateWithPriority). A priority outside stream_priorities()
/// is refused (cudaErrorInvalidValue, one line on stderr) rather than
/// clamped as CUDA would.
inline cudaError_t create_priority_stream(cudaStream_t* stream, int priority) {
  const StreamPriorities range = stream_priorities();
  if (priority < range.greatest || priority > range.least) {
    std::fprintf(stderr,
                 "tirx::create_priority_stream: priority %d is outside the device's range [%d, "
                 "%d] (lower numbers run first); pass a value in it (tirx::stream_priorities())\n",
                 priority, range.greatest, range.least);
    return cudaErrorInvalidValue;
  }
  return cudaStreamCreateWithPriority(stream, cudaStreamNonBlocking, priority);
}

namespace detail {
/// What the device says about the attributes cfg has (and nothing else).
template <class... KArgs>
cudaError_t launch_facts(const LaunchConfig& cfg, void (*kernel)(KArgs...),
                         const LaunchAttributes& attrs, LaunchFacts& facts) {
  int device = 0;
  if (cudaError_t e = cudaGetDevice(&device); e != cudaSuccess)
    return e;
  if (cfg.cooperative) {
    int supported = 0;
    if (cudaError_t e = cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, device);
        e != cudaSuccess)
      return e;
    facts.cooperative_supported = supported != 0;
    if (cudaError_t e = cudaDeviceGetAttribute(&facts.sms, cudaDevAttrMultiProcessorCount, device);
        e != cudaSuccess)
      return e;
    if (1ULL * cfg.cluster.x * cfg.cluster.y * cfg.cluster.z > 1) {
      cudaLaunchConfig_t c{};
      c.gridDim = cfg.grid;
      c.blockDim = cfg.block;
      c.dynamicSmemBytes = cfg.smem;
      c.stream = cfg.stream;
      c.attrs = const_cast<cudaLaunchAttribute*>(attrs.find(cudaLaunchAttributeClusterDimension));
      c.numAttrs = 1;
      if (cudaError_t e = cudaOccupancyMaxActiveClusters(&facts.active_clusters, kernel, &c);
          e != cudaSuccess)
        return e;
    } else {
      const int threads = static_cast<int>(cfg.block.x * cfg.block.y * cfg.block.z);
      if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&facts.blocks_per_sm,
                                                                        kernel, threads, cfg.smem);
          e != cudaSuccess)
        return e;
    }
  }
  if (cfg.priority)
    if (cudaError_t e =
            cudaDeviceGetStreamPriorityRange(&facts.least_priority, &facts.greatest_priority);
        e != cudaSuccess)
      return e;
  if (cfg.access_policy_window) {
    int max_bytes = 0;
    if (cudaError_t e =
            cudaDeviceGetAttribute(&max_bytes, cudaDevAttrMaxAccessPolicyWindowSize, device);
        e != cudaSuccess)
      return e;
    facts.max_window_bytes = max_bytes;
  }
  return cudaSuccess;
}
} // namespace detail

/// Launches kernel with cfg. Returns the CUDA error; a broken rule of
/// host/launch_rules.hpp launches nothing, prints its one line on stderr and
/// returns its error (cudaErrorInvalidValue; cudaErrorCooperativeLaunchTooLarge
/// for a cooperative grid that does not fit; cudaErrorNotSupported for an
/// attribute the device lacks).
template <class... KArgs, class... Args>
cudaError_t launch(const LaunchConfig& cfg, void (*kernel)(KArgs...), Args&&... args) {
  if (LaunchProblem p = launch_config_problem(cfg)) {
    std::fprintf(stderr, "%s\n", p.message);
    return p.error;
  }
  if (cfg.smem > 48 * 1024) { // before the occupancy query, which needs the limit
    cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(cfg.smem));
    if (e != cudaSuccess)
      return e;
  }
  const LaunchAttributes attrs = launch_attributes(cfg);
  if (cfg.cooperative || cfg.priority || cfg.access_policy_window) {
    LaunchFacts facts;
    if (cudaError_t e = detail::launch_facts(cfg, kernel, attrs, facts); e != cudaSuccess)
      return e;
    if (LaunchProblem p = launch_problem(cfg, facts)) {
      std::fprintf(stderr, "%s\n", p.message);
      return p.error;
    }
  }
  cudaLaunchConfig_t c{};
  c.gridDim = cfg.grid;
  c.blockDim = cfg.block;
  c.dynamicSmemBytes = cfg.smem;
  c.stream = cfg.stream;
  c.attrs = attrs.count != 0 ? const_cast<cudaLaunchAttribute*>(attrs.entries) : nullptr;
  c.numAttrs = attrs.count;
  return cudaLaunchKernelEx(&c, kernel, static_cast<Args&&>(args)...);
}

} // namespace tirx
#endif
