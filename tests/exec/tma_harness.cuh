// Helpers of the TMA GPU tests (gpu_tma.cu, gpu_tma_cluster.cu): box
// coordinates passed to a kernel, the element values the kernels write, and
// the host model of a box: which global element each element of the shared
// tile holds, read through the tirx layout of the tile.
#pragma once

#include "support/device_buffer.hpp"
#include "support/expect.hpp"
#include "support/gpu_check.hpp"
#include "support/random.hpp"

#include <tirx/exec/bulk.hpp>
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/ptx/policy.hpp>
#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace tma_test {

using namespace tirx;

/// Box coordinates, outermost first (the first Map::rank used).
struct Crd {
  int v[5];
};

#if defined(__CUDACC__)
/// Calls f with the first R coordinates as separate ints.
template <int R, class F> __device__ void with_coords(const Crd& c, F f) {
  if constexpr (R == 1)
    f(c.v[0]);
  else if constexpr (R == 2)
    f(c.v[0], c.v[1]);
  else if constexpr (R == 3)
    f(c.v[0], c.v[1], c.v[2]);
  else if constexpr (R == 4)
    f(c.v[0], c.v[1], c.v[2], c.v[3]);
  else
    f(c.v[0], c.v[1], c.v[2], c.v[3], c.v[4]);
}
#endif

/// The value the store kernels write at flat box index f (exact in every
/// element type used: whole numbers of magnitude below 128).
template <class T> TIRX_HD T value_at(long long f) {
  const int v = static_cast<int>((f * 7) % 241) - 120;
  if constexpr (cuda::std::is_same_v<T, nv_bfloat16>)
    return __float2bfloat16(static_cast<float>(v));
  else
    return static_cast<T>(v);
}

/// The bits of an element, for exact comparisons.
template <class T> std::uint64_t bits(const T& x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

/// A global tensor on the host: extents and strides in elements, outermost first.
struct Geometry {
  int rank;
  long long extent[5];
  long long stride[5];
  long long elements() const { return extent[0] * stride[0]; }
};

/// For every element of the box at crd: calls f(flat, m, global_offset,
/// inside) with the element's flat index in the box, its offset m in the
/// shared tile (the tirx layout, swizzle included), its offset in the
/// global tensor and whether it lies inside the tensor.
template <class Map, class F> void for_box(const Geometry& g, const Crd& crd, F f) {
  constexpr Shape box = Map::box();
  constexpr TileLayout lay = Map::smem_layout();
  for (long long flat = 0; flat < box.size(); ++flat) {
    long long rest = flat, off = 0;
    bool inside = true;
    for (int d = box.rank - 1; d >= 0; --d) {
      const long long i = rest % box.dims[d];
      rest /= box.dims[d];
      const long long x = crd.v[d] + i;
      inside = inside && x >= 0 && x < g.extent[d];
      off += x * g.stride[d];
    }
    const long long m = apply(lay, flat)[Axis{0}];
    f(flat, m, off, inside);
  }
}

} // namespace tma_test
