// Must not compile: a rank-2 map has dimensions 0 and 1 (innermost 0); dimension 2 is none.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::replace_*<Dim>: the dimension lies in [0, the map's rank), innermost 0}}
#include <tirx/tile.hpp>

namespace tensormap_edit_dim {
using namespace tirx;

using Map = tensor_map_t<float, shape(16, 32)>;

__global__ void kernel(const __grid_constant__ Map map) {
  __shared__ Map edit;
  tma::copy_map(edit, map);
  __syncwarp();
#ifdef TIRX_FIXED
  tma::replace_global_dim<1>(edit, 64u);
#else
  tma::replace_global_dim<2>(edit, 64u);
#endif
}

} // namespace tensormap_edit_dim
