// Must not compile: decl_tensor with extents for a static Tensor type.
// expected-error {{tirx::decl_tensor: with extents and strides, the type must be a tirx::DynTensor}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_decl_not_dyn {
void f(float* p) {
  using X = tirx::GlobalTensor<float, tirx::ShapeT<4, 128>>;
  auto x = tirx::decl_tensor<X>(p, {4, 128}, {128, 1});
  (void)x;
}
} // namespace dyn_decl_not_dyn
