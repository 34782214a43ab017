// Must not compile: RearrangeError::no_arrow.
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"a b">();
}
