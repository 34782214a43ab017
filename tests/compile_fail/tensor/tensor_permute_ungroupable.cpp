// Must not compile: permute over a layout whose iters (3:1, 4:3) do not split along the modes (2,
// 6).
// expected-error {{tirx::Tensor::permute: the layout's iters do not split along the shape's modes; view<...>() to a shape that matches the layout first}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<2, 6>, MemScope::global, 4, layout_type<S({3, 4}, {1, 3})>> a{p};
  auto bad = a.permute<1, 0>();
}
