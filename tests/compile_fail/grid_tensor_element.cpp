// Must not compile: a GridTensor of an unknown element type.
#include <tirx/exec/reduce.hpp>
#include <tirx/tensor/grid_tensor.hpp>
#include <tirx/ptx/spelling.hpp>

void grid_tensor_element() {
  tirx::GridTensor<char16_t, 1> t{};
}
