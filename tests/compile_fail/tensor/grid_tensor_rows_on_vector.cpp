// Must not compile: rows() of a vector.
// expected-error {{tirx::GridTensor::rows: a rank-2 tensor has rows; tile a vector with tile<N>(i)}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_rows_on_vector() {
  tirx::GridTensor<float, 1> t{};
  (void)t.rows();
}
