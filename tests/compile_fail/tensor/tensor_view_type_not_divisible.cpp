// Must not compile: view<U>: 7 halves cannot become uint32 words.
// expected-error {{tirx::Tensor::view<U>: the last mode's extent must be divisible by the width ratio; view<...>() to another shape first}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p) {
  Tensor<half, ShapeT<7>> a{p};
  auto bad = a.view<uint32>();
}
