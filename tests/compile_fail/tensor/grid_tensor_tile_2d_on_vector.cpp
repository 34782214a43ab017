// Must not compile: tile<R, C>(bi, bj) of a vector.
// expected-error {{tirx::GridTensor::tile<R, C>(bi, bj): tiles a matrix; tile a vector with tile<N>(i)}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_tile_2d_on_vector() {
  tirx::GridTensor<float, 1> t{};
  (void)t.tile<4, 4>(0, 0);
}
