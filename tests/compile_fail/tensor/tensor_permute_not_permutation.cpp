// Must not compile: permute<0, 0>: not a permutation.
// expected-error {{tirx::Tensor::permute: the indices must be a permutation of 0..rank-1}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.permute<0, 0>();
}
