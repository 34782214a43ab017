// Must not compile: a tensor of 8 modes gathered by indices of 2: 9 modes.
// expected-error {{tirx::Tensor::gather: the view would have more than 8 modes (the tensor's but the gathered one, and the indices' modes: Modes below); view<...>() the indices or the tensor to fewer modes}}
#include <tirx/tile.hpp>

using namespace tirx;

void gather_too_many_modes(float* p, int* i) {
  auto table = decl_tensor<GlobalTensor<float, ShapeT<2, 2, 2, 2, 2, 2, 2, 2>>>(p);
  auto ids = decl_tensor<GlobalTensor<int, ShapeT<2, 2>>>(i);
  auto bad = table.gather(ids);
}
