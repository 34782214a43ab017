// Must not compile: replace_global_stride<Dim> sets the stride of dimension Dim + 1 (the
// innermost dimension has none), so a rank-2 map takes Dim 0 only.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::replace_global_stride<Dim>: Dim names the stride of dimension Dim + 1, so it lies in [0, rank - 1)}}
#include <tirx/tile.hpp>

namespace tensormap_stride_dim {
using namespace tirx;

using Map = tensor_map_t<float, shape(16, 32)>;

__global__ void kernel(const __grid_constant__ Map map) {
  __shared__ Map edit;
  tma::copy_map(edit, map);
  __syncwarp();
#ifdef TIRX_FIXED
  tma::replace_global_stride<0>(edit, 256ull);
#else
  tma::replace_global_stride<1>(edit, 256ull);
#endif
}

} // namespace tensormap_stride_dim
