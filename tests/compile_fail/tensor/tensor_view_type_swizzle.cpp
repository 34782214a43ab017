// Must not compile: view<U>: a swizzle that keeps single halves together cannot be seen as uint32.
// expected-error {{tirx::Tensor::view<U>: the swizzle keeps fewer bytes together than one U}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(half* p) {
  Tensor<half, ShapeT<8, 64>, MemScope::shared, 16, layout_type<S(8, 64) ^ Swizzle { 3, 0, 3 }>> a{
      p};
  auto bad = a.view<uint32>();
}
