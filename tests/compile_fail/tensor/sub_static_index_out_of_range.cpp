// Must not compile: sub(c<64>, _) on 64 rows.
// expected-error {{tirx::Tensor::sub: a static index is outside its mode; indices run from 0 to extent-1}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.sub(c<64>, _);
}
