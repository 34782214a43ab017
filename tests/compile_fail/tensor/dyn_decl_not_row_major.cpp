// Must not compile: decl_tensor with extents alone for strides that are not row-major.
// expected-error {{tirx::decl_tensor: the type's strides are not the row-major ones of its extents; pass the strides too}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_decl_not_row_major {
void f([[maybe_unused]] float* p) {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>>;
  auto x = tirx::decl_tensor<X>(p, {4, 128});
  (void)x;
}
} // namespace dyn_decl_not_row_major
