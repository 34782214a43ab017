// Must not compile: a Tensor of a DynTensor whose rows only run time counts.
// expected-error {{tirx::DynTensor::tensor: a Tensor needs static extents, and an extent here is dyn; take a static tile (tile<...>(i, ...)) or sub() a static part first}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_static_view_extent {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>> x{};
  (void)x.tensor();
}
} // namespace dyn_tensor_static_view_extent
