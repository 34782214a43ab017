// Must not compile: view<U>: the last mode of a transposed tensor is not stride-1.
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p) {
  Tensor<half, ShapeT<4, 2>> a{p};
  auto bad = a.permute<1, 0>().view<uint32>();
}
