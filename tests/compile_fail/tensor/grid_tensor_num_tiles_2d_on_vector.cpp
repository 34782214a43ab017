// Must not compile: num_tiles<R, C>() of a vector.
// expected-error {{tirx::GridTensor::num_tiles<R, C>: a rank-2 tensor; tile a vector with num_tiles<N>()}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_num_tiles_2d_on_vector() {
  tirx::GridTensor<float, 1> t{};
  (void)t.num_tiles<4, 4>();
}
