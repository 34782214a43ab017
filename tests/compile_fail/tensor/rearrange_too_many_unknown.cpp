// Must not compile: RearrangeError::too_many_unknown.
// tirx-fail: host nvcc
// expected-error {{tirx::Tensor::rearrange: a group may leave at most one size unknown; give the others, e.g. "warp=2"}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"(warp lane) value -> warp lane value">();
}
