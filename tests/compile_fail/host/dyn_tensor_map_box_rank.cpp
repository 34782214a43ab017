// Must not compile: a box of two modes for a rank-3 tensor.
// expected-error {{tirx::make_tensor_map: the box needs as many modes as the tensor; give one box extent per tensor mode (1 for a mode the box does not span)}}
#define TIRX_HOST_CUDA_RUNTIME
#include <tirx/host/dyn_tensor_map.hpp>

namespace dyn_tensor_map_box_rank {
void f() {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn, tirx::dyn, 64>,
                            tirx::Strides<tirx::dyn, 64, 1>, 16>;
  auto map = tirx::make_tensor_map<tirx::shape(8, 64)>(X{});
  (void)map;
}
} // namespace dyn_tensor_map_box_rank
