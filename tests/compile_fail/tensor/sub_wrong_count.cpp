// Must not compile: sub with one index on a tensor of two modes.
// expected-error {{tirx::Tensor::sub: give one index, range or all per mode of the tensor}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.sub(1);
}
