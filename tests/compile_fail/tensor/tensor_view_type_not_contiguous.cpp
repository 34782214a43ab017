// Must not compile: view<U>: the last mode of a transposed tensor is not stride-1.
// expected-error {{tirx::Tensor::view<U>: the elements merged into one U must be consecutive in memory (the last mode stride-1 on m)}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p) {
  Tensor<half, ShapeT<4, 2>> a{p};
  auto bad = a.permute<1, 0>().view<uint32>();
}
