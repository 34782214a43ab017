// Must not compile: a GridTensor of an unknown element type.
// expected-error {{tirx::GridTensor: the element type must be a tirx element type (see tensor/dtype.hpp)}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_element() { tirx::GridTensor<char16_t, 1> t{}; }
