// Must not compile: a GridTensor aligned below its element.
// expected-error {{tirx::GridTensor: Align must be a power of two, at least the element's alignment}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_align() { tirx::GridTensor<float, 1, 2> t{}; }
