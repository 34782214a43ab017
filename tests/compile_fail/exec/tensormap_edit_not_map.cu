// Must not compile: tensormap.replace edits a TensorMap (its 128 bytes), not any object.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::replace_*: the map is a TensorMap<T, Box, Layout> (in shared or global memory)}}
#include <tirx/tile.hpp>

namespace tensormap_edit_not_map {
using namespace tirx;

using Map = tensor_map_t<float, shape(16, 32)>;
struct alignas(128) Raw {
  unsigned long long opaque[16];
  __device__ void* descriptor() { return opaque; }
};

__global__ void kernel(const __grid_constant__ Map map) {
  __shared__ Map edit;
  tma::copy_map(edit, map);
  __syncwarp();
#ifdef TIRX_FIXED
  tma::replace_rank(edit, 1u);
#else
  __shared__ Raw raw;
  tma::replace_rank(raw, 1u);
#endif
}

} // namespace tensormap_edit_not_map
