// Must not compile: view<U>: rows of 3 halves cannot be rows of uint32 words.
// expected-error {{tirx::Tensor::view<U>: every memory stride must be divisible by the width ratio}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p) {
  Tensor<half, ShapeT<3, 2>, MemScope::global, 2, layout_type<S({3, 2}, {3, 1})>> a{p};
  auto bad = a.view<uint32>();
}
