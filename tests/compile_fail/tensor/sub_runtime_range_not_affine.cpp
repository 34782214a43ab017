// Must not compile: range_from over a mode made of two memory iters (2 : 10, 3 : 1).
// expected-error {{tirx::Tensor::sub: a run-time range needs a mode with one memory stride; use a static range}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p, int k) {
  Tensor<float, ShapeT<6>, MemScope::global, 4, layout_type<S({2, 3}, {10, 1})>> a{p};
  auto bad = a.sub(range_from<2>(k));
}
