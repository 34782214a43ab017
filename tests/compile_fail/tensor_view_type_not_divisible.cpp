// Must not compile: view<U>: 7 halves cannot become uint32 words.
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p) {
  Tensor<half, ShapeT<7>> a{p};
  auto bad = a.view<uint32>();
}
