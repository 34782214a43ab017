// Must not compile: RearrangeError::rank_mismatch.
// expected-error {{tirx::Tensor::rearrange: the left side must have one entry (a name or a group) per mode of the tensor}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"a b c -> a b c">();
}
