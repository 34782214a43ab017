// Must not compile: sub(range<60, 68>, _) on 64 rows.
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.sub(range<60, 68>, _);
}
