// Must not compile: sub(c<64>, _) on 64 rows.
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.sub(c<64>, _);
}
