// Must not compile: a static index past a static extent (the 128 columns).
// expected-error {{tirx::DynTensor: a static index lies outside its mode's static extent; indices run from 0 to extent-1}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_static_index {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x(3, tirx::c<128>);
}
} // namespace dyn_tensor_static_index
