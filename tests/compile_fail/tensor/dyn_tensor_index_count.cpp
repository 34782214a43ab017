// Must not compile: one index for a matrix.
// expected-error {{tirx::DynTensor: give one index per mode}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_index_count {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x(3);
}
} // namespace dyn_tensor_index_count
