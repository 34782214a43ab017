// Must not compile: permute<0>: one index for a tensor of two modes.
// expected-error {{tirx::Tensor::permute: give one mode index per mode}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.permute<0>();
}
