// Walking a grid over tiles: for (long long t : grid_stride(count)) visits
// tiles blockIdx.x, blockIdx.x + gridDim.x, ... below count, so a kernel
// covers any number of tiles with any grid size; cluster_stride(count) does
// the same per cluster.
#pragma once

#include <tirx/core/config.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

/// The tile indices one CTA visits: begin, begin + step, ... below end.
struct GridStride {
  long long begin, end, step;

  struct iterator {
    long long i, step;
    TIRX_HD constexpr long long operator*() const { return i; }
    TIRX_HD constexpr iterator& operator++() {
      i += step;
      return *this;
    }
    // the loop ends once i reaches end (i < end), whatever the step
    TIRX_HD constexpr bool operator!=(const iterator& e) const { return i < e.i; }
  };
  TIRX_HD friend constexpr iterator begin(const GridStride& g) { return {g.begin, g.step}; }
  TIRX_HD friend constexpr iterator end(const GridStride& g) { return {g.end, g.step}; }
};

#if defined(__CUDACC__)
/// Tiles blockIdx.x, blockIdx.x + gridDim.x, ... below count.
__device__ TIRX_FORCEINLINE GridStride grid_stride(long long count) {
  return GridStride{static_cast<long long>(blockIdx.x), count, static_cast<long long>(gridDim.x)};
}

/// The calling CTA's rank in its cluster (0 without a cluster launch, and
/// in code for a target before sm_90).
__device__ TIRX_FORCEINLINE int cluster_rank() {
#if __CUDA_ARCH__ >= 900
  return static_cast<int>(cuda::ptx::get_sreg_cluster_ctarank());
#else
  return 0;
#endif
}

/// Items clusterid.x, clusterid.x + nclusterid.x, ... below count: one item
/// per cluster at a time, every CTA of a cluster visiting the same ones
/// (a launch without clusters, or code for a target before sm_90, is a
/// cluster of one CTA: the same as grid_stride).
__device__ TIRX_FORCEINLINE GridStride cluster_stride(long long count) {
#if __CUDA_ARCH__ >= 900
  return GridStride{static_cast<long long>(cuda::ptx::get_sreg_clusterid_x()), count,
                    static_cast<long long>(cuda::ptx::get_sreg_nclusterid_x())};
#else
  return grid_stride(count);
#endif
}
#endif

} // namespace tirx
