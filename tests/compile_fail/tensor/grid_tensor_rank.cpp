// Must not compile: a GridTensor of rank 3.
// expected-error {{tirx::GridTensor: rank 1 (a vector) or 2 (rows of a matrix)}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_rank() { tirx::GridTensor<float, 3> t{}; }
