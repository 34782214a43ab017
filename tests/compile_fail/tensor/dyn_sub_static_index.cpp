// Must not compile: sub at a static column past the static extent.
// expected-error {{tirx::DynTensor::sub: a static index lies outside its mode's static extent; indices run from 0 to extent-1}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_sub_static_index {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.sub(tirx::_, tirx::c<200>);
}
} // namespace dyn_sub_static_index
