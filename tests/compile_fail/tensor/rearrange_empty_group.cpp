// Must not compile: RearrangeError::empty_group.
// expected-error {{tirx::Tensor::rearrange: an empty group () has no names}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"() a b -> a b">();
}
