// Must not compile: RearrangeError::too_many_names.
// expected-error {{tirx::Tensor::rearrange: at most 8 names}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<512>> a{p};
  auto bad = a.rearrange<"(a b c d e f g h i) -> a b c d e f g h i">();
}
