// Must not compile: RearrangeError::unused_size.
// expected-error {{tirx::Tensor::rearrange: a size names something the pattern does not contain}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"(warp lane) value -> warp lane value", "warp=2 thread=32">();
}
