// Must not compile: tile<0, 4>(bi, bj).
// expected-error {{tirx::GridTensor::tile<R, C>: R and C must be at least 1}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_tile_2d_zero() {
  tirx::GridTensor<float, 2> t{};
  (void)t.tile<0, 4>(0, 0);
}
