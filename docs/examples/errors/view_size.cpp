// Expected to fail: a view with a different number of elements.
// expected-error-re {{tirx::Tensor::view: the new shape must have as many elements as the tensor}}
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:error-view-size]
void f(float* p) {
  auto a = decl_tensor<GlobalTensor<float, ShapeT<256>>>(p);
  auto m = a.view<64, 5>(); // 320 elements
}
// [/snippet]
