// Must not compile: tile<0>(i).
// expected-error {{tirx::GridTensor::tile<N>: N must be at least 1}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_tile_zero() {
  tirx::GridTensor<float, 1> t{};
  (void)t.tile<0>(0);
}
