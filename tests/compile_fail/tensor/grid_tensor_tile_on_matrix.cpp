// Must not compile: tile<N>(i) of a matrix.
// expected-error {{tirx::GridTensor::tile<N>(i): tiles a vector; for a matrix write tile<R, C>(bi, bj) or row(r).tile<N>(j)}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void grid_tensor_tile_on_matrix() {
  tirx::GridTensor<float, 2> t{};
  (void)t.tile<64>(0);
}
