// Must not compile: RearrangeError::name_on_one_side.
// expected-error {{tirx::Tensor::rearrange: every name must appear on both sides of '->'}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"a b -> a c">();
}
