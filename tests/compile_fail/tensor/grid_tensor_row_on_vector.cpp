// Must not compile: row(r) of a vector.
// expected-error {{tirx::GridTensor::row: a rank-2 tensor has rows}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_row_on_vector() {
  tirx::GridTensor<float, 1> t{};
  (void)t.row(0);
}
