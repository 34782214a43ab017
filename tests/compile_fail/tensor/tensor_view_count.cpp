// Must not compile: view<dims...> with a different element count.
// expected-error {{tirx::Tensor::view: the new shape must have as many elements as the tensor; check the extents (use sub() to select a part)}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<16>> a{p};
  auto bad = a.view<3, 4>();
}
