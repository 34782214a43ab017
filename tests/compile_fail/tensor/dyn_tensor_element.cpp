// Must not compile: an element type tirx does not know.
// expected-error {{tirx::DynTensor: the element type must be a tirx element type (see tensor/dtype.hpp)}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_element {
void f([[maybe_unused]] float* p) {
  using X = tirx::DynTensor<char16_t, tirx::Extents<tirx::dyn>>;
  X x{};
  (void)x;
}
} // namespace dyn_tensor_element
