// Must not compile: sub with one argument for a matrix.
// expected-error {{tirx::DynTensor::sub: give one index, range or all per mode of the tensor}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_sub_count {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.sub(3);
}
} // namespace dyn_sub_count
