// Must not compile: sub that drops every mode.
// expected-error {{tirx::DynTensor::sub: every mode is dropped; read the element with x(i, j, ...) instead}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_sub_every_mode {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.sub(1, 2);
}
} // namespace dyn_sub_every_mode
