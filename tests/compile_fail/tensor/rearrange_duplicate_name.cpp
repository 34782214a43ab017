// Must not compile: RearrangeError::duplicate_name.
// expected-error {{tirx::Tensor::rearrange: a name appears twice on one side of the pattern}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"a a -> a a">();
}
