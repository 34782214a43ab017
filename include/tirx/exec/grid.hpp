// Walking a grid over tiles: for (long long t : grid_stride(count)) visits
// tiles blockIdx.x, blockIdx.x + gridDim.x, ... below count, so a kernel
// covers any number of tiles with any grid size.
#pragma once

#include <tirx/core/config.hpp>

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
#endif

} // namespace tirx
