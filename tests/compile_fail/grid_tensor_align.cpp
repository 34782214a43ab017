// Must not compile: a GridTensor aligned below its element.
#include <tirx/exec/reduce.hpp>
#include <tirx/tensor/grid_tensor.hpp>
#include <tirx/ptx/spelling.hpp>

void grid_tensor_align() {
  tirx::GridTensor<float, 1, 2> t{};
}
