// Must not compile: a run-time index into a swizzled tensor.
// expected-error {{tirx::Tensor::sub: a swizzled tensor takes static indices only (c<k>, range<b, e>)}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p, int row) {
  Tensor<half, ShapeT<8, 64>, MemScope::shared, 16,
         layout_type<S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2)>>
      a{p};
  auto bad = a.sub(row, _);
}
