// Must not compile: view<U>: a 24-bit element type and uint16 (neither width divides the other).
// expected-error {{tirx::Tensor::view<U>: one element width must be a multiple of the other}}
#include <tirx/tile.hpp>

using namespace tirx;

struct rgb {
  unsigned char c[3];
};
template <> struct tirx::dtype_traits<rgb> {
  static constexpr bool known = true;
  static constexpr const char* name = "rgb";
  static constexpr int bits = 24;
  static constexpr int lanes = 1;
};

void f(rgb* p) {
  Tensor<rgb, ShapeT<4>> a{p};
  auto bad = a.view<uint16>();
}
