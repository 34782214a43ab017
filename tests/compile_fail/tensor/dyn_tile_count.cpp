// Must not compile: a tile of one extent for a matrix.
// expected-error {{tirx::DynTensor::tile: give one tile extent per mode, e.g. tile<64, 128>(bi, bj)}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tile_count {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.tile<64>(0, 0);
}
} // namespace dyn_tile_count
