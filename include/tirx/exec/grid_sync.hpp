// The grid-wide barrier of a cooperative launch: grid_sync() waits until
// every thread of every CTA of the grid has arrived, and makes the global
// memory writes before it visible to every thread after it
// (cooperative_groups::this_grid().sync()). The kernel must be launched
// cooperatively (LaunchConfig::cooperative, which tirx::launch checks
// against what the device holds at once); debug builds trap with a message
// when it was not.
#pragma once

#include <tirx/core/config.hpp>

#if defined(__CUDACC__)
#include <cooperative_groups.h>

namespace tirx {

/// Whether the running grid was launched cooperatively (so that grid_sync
/// may be called).
__device__ TIRX_FORCEINLINE bool grid_is_cooperative() {
  return cooperative_groups::this_grid().is_valid();
}

/// Waits for every thread of the grid (all of them call it); global memory
/// written before the call is visible to every thread after it.
__device__ TIRX_FORCEINLINE void grid_sync() {
  const cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  // clang-format off
  TIRX_CHECK(grid.is_valid(), "tirx::grid_sync: the kernel was not launched cooperatively, so its CTAs need not be resident at once; launch it with LaunchConfig::cooperative = true (tirx::launch)");
  // clang-format on
  grid.sync();
}

} // namespace tirx
#endif
