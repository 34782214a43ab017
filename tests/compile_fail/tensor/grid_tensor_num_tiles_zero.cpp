// Must not compile: num_tiles<0>().
// expected-error {{tirx::GridTensor::num_tiles<N>: N must be at least 1}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_num_tiles_zero() {
  tirx::GridTensor<float, 1> t{};
  (void)t.num_tiles<0>();
}
