// Must not compile: a run-time row of a swizzled tensor (a row is 128 bytes, inside the
// 1024-byte repeat of the 128-byte swizzle).
// expected-error {{tirx::Tensor::sub: a run-time index into a swizzled tensor must step by whole swizzle repeats (1024 bytes for the 128-byte swizzle); use a static index (c<k>, range<b, e>) or index a mode of whole repeats (a ring's stage)}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p, int row) {
  Tensor<half, ShapeT<8, 64>, MemScope::shared, 16,
         layout_type<S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2)>>
      a{p};
  auto bad = a.sub(row, _);
}
