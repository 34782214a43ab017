// Must not compile: RearrangeError::unbalanced_parens.
// expected-error {{tirx::Tensor::rearrange: unbalanced parentheses in the pattern}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"(a b -> a b">();
}
