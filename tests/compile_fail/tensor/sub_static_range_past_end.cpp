// Must not compile: sub(range<60, 68>, _) on 64 rows.
// expected-error {{tirx::Tensor::sub: a static range reaches past the end of its mode}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.sub(range<60, 68>, _);
}
