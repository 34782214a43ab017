// Must not compile: cols() of a vector.
#include <tirx/exec/reduce.hpp>
#include <tirx/tensor/grid_tensor.hpp>
#include <tirx/ptx/spelling.hpp>

void grid_tensor_cols_on_vector() {
  tirx::GridTensor<float, 1> t{};
  (void)t.cols();
}
