// Must not compile: a static range past the static extent.
// expected-error {{tirx::DynTensor::sub: a static range reaches past the end of its mode's static extent}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_sub_static_range {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.sub(tirx::_, tirx::range<64, 130>);
}
} // namespace dyn_sub_static_range
