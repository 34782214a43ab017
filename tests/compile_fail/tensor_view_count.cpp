// Must not compile: view<dims...> with a different element count.
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<16>> a{p};
  auto bad = a.view<3, 4>();
}
