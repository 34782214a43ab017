// Must not compile: bound() of a 2-D tile.
// expected-error {{tirx::DynTile::bound: bounds a tile of rank 1; bound the rows of a larger tile with row(i, ...).bound()}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tile_bound_rank {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.tile<4, 128>(0, 0).bound();
}
} // namespace dyn_tile_bound_rank
