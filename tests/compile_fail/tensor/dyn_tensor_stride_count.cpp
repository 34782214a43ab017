// Must not compile: two extents and one stride.
// expected-error {{tirx::DynTensor: give one stride per extent (Extents<dyn, 128> with Strides<dyn, 1>)}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_stride_count {
void f([[maybe_unused]] float* p) {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<1>>;
  X x{};
  (void)x;
}
} // namespace dyn_tensor_stride_count
