// Must not compile: a 1-mode box for a matrix (GridTensor of rank 2).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::make_tensor_map: the box needs as many modes as the tensor; give one box extent per tensor mode (1 for a mode the box does not span)}}
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>

namespace make_tensor_map_rank {
using namespace tirx;

#ifndef TIRX_FIXED
using Map = tensor_map_t<float, shape(64)>;
Map encode(float* p) { return make_tensor_map<shape(64)>(grid_tensor<16>(p, 100, 64)); }
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(map.opaque[0]);
}
#else
using Map = tensor_map_t<float, shape(1, 64)>;
Map encode(float* p) { return make_tensor_map<shape(1, 64)>(grid_tensor<16>(p, 100, 64)); }
__global__ void kernel(const __grid_constant__ Map map, int* out) {
  *out = static_cast<int>(map.opaque[0]);
}
#endif

} // namespace make_tensor_map_rank
