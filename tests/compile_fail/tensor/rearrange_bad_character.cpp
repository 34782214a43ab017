// Must not compile: RearrangeError::bad_character.
// expected-error {{tirx::Tensor::rearrange: a pattern holds names, spaces and parentheses only}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"a, b -> b a">();
}
