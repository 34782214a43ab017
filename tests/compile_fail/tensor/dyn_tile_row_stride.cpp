// Must not compile: row() of a tile whose innermost mode has a run-time stride.
// expected-error {{tirx::DynTile::row: the innermost mode needs a static stride 1 (a bound counts consecutive elements); view the tensor with its contiguous mode last}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tile_row_stride {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, tirx::dyn>, tirx::Strides<1, tirx::dyn>> x{};
  (void)x.tile<4, 4>(0, 0).row(0);
}
} // namespace dyn_tile_row_stride
