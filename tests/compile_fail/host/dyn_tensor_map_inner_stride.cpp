// Must not compile: a static innermost stride of 2.
// expected-error {{tirx::make_tensor_map: the innermost stride is static and not 1; the TMA unit reads the innermost mode contiguously (permute the modes so that the contiguous one is last)}}
#define TIRX_HOST_CUDA_RUNTIME
#include <tirx/host/dyn_tensor_map.hpp>

namespace dyn_tensor_map_inner_stride {
void f() {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn, 64>, tirx::Strides<tirx::dyn, 2>, 16>;
  auto map = tirx::make_tensor_map<tirx::shape(8, 64)>(X{});
  (void)map;
}
} // namespace dyn_tensor_map_inner_stride
