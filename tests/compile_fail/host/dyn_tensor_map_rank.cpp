// Must not compile: a TMA map of a rank-6 tensor.
// expected-error {{tirx::make_tensor_map: the TMA unit reads tensors of at most 5 modes; merge contiguous modes or sub() the outer ones away}}
#define TIRX_HOST_CUDA_RUNTIME
#include <tirx/host/dyn_tensor_map.hpp>

namespace dyn_tensor_map_rank {
void f() {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn, 2, 2, 2, 2, 4>>;
  auto map = tirx::make_tensor_map<tirx::shape(1, 1, 1, 1, 1, 4)>(X{});
  (void)map;
}
} // namespace dyn_tensor_map_rank
