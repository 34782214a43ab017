// Must not compile: a static extent of 0 (dyn marks a run-time one).
// expected-error {{tirx::Extents: a static extent must be at least 1; write dyn for an extent only run time knows}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_extents_zero {
void f([[maybe_unused]] float* p) {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn, 0>, tirx::Strides<tirx::dyn, 1>>;
  X x{};
  (void)x;
}
} // namespace dyn_extents_zero
