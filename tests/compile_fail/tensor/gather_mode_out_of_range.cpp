// Must not compile: gather<2> on a tensor of two modes.
// expected-error {{tirx::Tensor::gather: the gathered mode is not a mode of the tensor (Mode, Rank below); write gather<M>(indices) with M from 0 to rank - 1}}
#include <tirx/tile.hpp>

using namespace tirx;

void gather_mode_out_of_range(float* p, int* i) {
  auto table = decl_tensor<GlobalTensor<float, ShapeT<64, 8>>>(p);
  auto ids = decl_tensor<GlobalTensor<int, ShapeT<4>>>(i);
  auto bad = table.gather<2>(ids);
}
