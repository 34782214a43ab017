// Launching a kernel: LaunchConfig (grid, block, cluster, dynamic shared
// memory from an SMEMPool plan) and tirx::launch, which raises the kernel's
// shared-memory limit when the plan needs more than the default 48 KiB,
// launches clusters through cudaLaunchKernelEx, and checks the block size
// against the threads the kernel's layouts expect.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/tensor/smem_pool.hpp>

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
#include <cuda_runtime.h>

#include <cstdio>
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

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
/// Where and how a kernel runs.
struct LaunchConfig {
  dim3 grid{1, 1, 1};
  dim3 block{1, 1, 1};
  dim3 cluster{1, 1, 1}; ///< CTAs per cluster; 1 x 1 x 1 launches no cluster
  size_t smem = 0;       ///< dynamic shared memory bytes: plan(p) sets them
  cudaStream_t stream = nullptr;
  long long expect_threads = 0; ///< threads per block the kernel's layouts need (0: unchecked)

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

/// Launches kernel with cfg. Returns the CUDA error (cudaErrorInvalidValue
/// with a message on stderr when the block has a dimension TIRX_BLOCK_DIMS
/// does not read, or its threads, x * y * z, do not match cfg.expect_threads).
template <class... KArgs, class... Args>
cudaError_t launch(const LaunchConfig& cfg, void (*kernel)(KArgs...), Args&&... args) {
  if ((block_dims < 3 && cfg.block.z != 1) || (block_dims < 2 && cfg.block.y != 1)) {
    std::fprintf(stderr,
                 "tirx::launch: the block is %u x %u x %u but tile operations read %d block "
                 "dimension(s) (TIRX_BLOCK_DIMS); launch a %d-D block, or define TIRX_BLOCK_DIMS "
                 "as 3\n",
                 cfg.block.x, cfg.block.y, cfg.block.z, block_dims, block_dims);
    return cudaErrorInvalidValue;
  }
  long long threads = 1LL * cfg.block.x * cfg.block.y * cfg.block.z;
  if (cfg.expect_threads != 0 && threads != cfg.expect_threads) {
    std::fprintf(stderr,
                 "tirx::launch: the block has %lld threads but the kernel's layouts expect %lld; "
                 "launch with block = %lld\n",
                 threads, cfg.expect_threads, cfg.expect_threads);
    return cudaErrorInvalidValue;
  }
  if (cfg.smem > 48 * 1024) {
    cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(cfg.smem));
    if (e != cudaSuccess)
      return e;
  }
  cudaLaunchConfig_t c{};
  c.gridDim = cfg.grid;
  c.blockDim = cfg.block;
  c.dynamicSmemBytes = cfg.smem;
  c.stream = cfg.stream;
  cudaLaunchAttribute attr[1];
  if (cfg.cluster.x * cfg.cluster.y * cfg.cluster.z > 1) {
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cfg.cluster.x;
    attr[0].val.clusterDim.y = cfg.cluster.y;
    attr[0].val.clusterDim.z = cfg.cluster.z;
    c.attrs = attr;
    c.numAttrs = 1;
  }
  return cudaLaunchKernelEx(&c, kernel, static_cast<Args&&>(args)...);
}
#endif

} // namespace tirx
