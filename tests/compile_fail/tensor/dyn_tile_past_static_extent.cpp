// Must not compile: a tile wider than the static 128 columns.
// expected-error {{tirx::DynTensor::tile: a tile extent exceeds its mode's static extent; tile that mode by its extent or a divisor of it}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tile_past_static_extent {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.tile<64, 256>(0, 0);
}
} // namespace dyn_tile_past_static_extent
