// Must not compile: view<U>: a region starting at an odd half.
// expected-error {{tirx::Tensor::view<U>: the layout's memory offset must be divisible by the width ratio}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p) {
  Tensor<half, ShapeT<8>> a{p};
  auto bad = a.sub(range<1, 7>).view<uint32>();
}
