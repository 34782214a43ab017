// Must not compile: an Align below the element's alignment.
// expected-error {{tirx::DynTensor: Align must be a power of two, at least the element's alignment}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_align {
void f([[maybe_unused]] float* p) {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn>, tirx::Strides<1>, 2>;
  X x{};
  (void)x;
}
} // namespace dyn_tensor_align
