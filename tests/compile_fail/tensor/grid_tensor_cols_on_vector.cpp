// Must not compile: cols() of a vector.
// expected-error {{tirx::GridTensor::cols: a rank-2 tensor has columns; a vector has size()}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_cols_on_vector() {
  tirx::GridTensor<float, 1> t{};
  (void)t.cols();
}
