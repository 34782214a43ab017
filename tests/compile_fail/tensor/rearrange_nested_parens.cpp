// Must not compile: RearrangeError::nested_parens.
// expected-error {{tirx::Tensor::rearrange: parentheses cannot nest; list the names of one merged mode in one group}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) {
  Tensor<float, ShapeT<64, 4>> a{p};
  auto bad = a.rearrange<"((a b)) c -> a b c", "a=2">();
}
