// Must not compile: the gathered mode of 6 is two iters (2 : 100, 3 : 4), no single stride.
// expected-error {{tirx::Tensor::gather: the gathered mode must have one memory stride (index i moves the address by i x stride), and this one has several iters or lies on a thread axis; view<...>() the tensor so that the gathered mode is one stride on m}}
#include <tirx/tile.hpp>

using namespace tirx;

void gather_mode_not_linear(float* p, int* i) {
  Tensor<float, ShapeT<6, 4>, MemScope::global, 4, layout_type<S({2, 3, 4}, {100, 4, 1})>> table{p};
  auto ids = decl_tensor<GlobalTensor<int, ShapeT<4>>>(i);
  auto bad = table.gather(ids);
}
