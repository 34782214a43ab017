// Must not compile: a run-time index type other than int and long long.
// expected-error {{tirx::DynTensor: the index type must be int or long long}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_index_type {
void f([[maybe_unused]] float* p) {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn>, tirx::Strides<1>, 4, short>;
  X x{};
  (void)x;
}
} // namespace dyn_tensor_index_type
