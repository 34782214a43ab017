// Must not compile: num_tiles<N>() of a matrix.
// expected-error {{tirx::GridTensor::num_tiles<N>: tile a vector; for a matrix take row(r) first, or num_tiles<R, C>()}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_num_tiles_on_matrix() {
  tirx::GridTensor<float, 2> t{};
  (void)t.num_tiles<64>();
}
