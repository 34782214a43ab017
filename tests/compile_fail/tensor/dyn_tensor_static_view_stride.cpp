// Must not compile: a Tensor of a tile whose row stride only run time knows.
// expected-error {{tirx::DynTensor::tensor: a Tensor needs static strides, and a stride here is dyn; sub() the modes of run-time stride away first (row(i) of a tile)}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_tensor_static_view_stride {
void f([[maybe_unused]] float* p) {
  tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>> x{};
  (void)x.tile<64, 128>(0, 0).tensor().tensor();
}
} // namespace dyn_tensor_static_view_stride
