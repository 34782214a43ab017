// Must not compile: a tile extent of 0.
// expected-error {{tirx::DynTensor::tile: tile extents must be at least 1}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tile_zero {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.tile<0, 128>(0, 0);
}
} // namespace dyn_tile_zero
