// Must not compile: RearrangeError::no_arrow.
// expected-error {{tirx::Tensor::rearrange: the pattern needs '->' between the input and output modes}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"a b">();
}
