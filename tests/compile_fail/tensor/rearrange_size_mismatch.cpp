// Must not compile: RearrangeError::size_mismatch.
// expected-error {{tirx::Tensor::rearrange: the sizes of a group must multiply to its mode's extent}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"(warp lane) value -> warp lane value", "warp=3">();
}
