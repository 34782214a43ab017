// Must not compile: RearrangeError::bad_sizes.
// expected-error {{tirx::Tensor::rearrange: sizes are written "name=integer", separated by spaces or commas}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"(warp lane) value -> warp lane value", "warp:2">();
}
