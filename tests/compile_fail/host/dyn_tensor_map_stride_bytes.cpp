// Must not compile: a static row stride of 6 floats (24 bytes).
// expected-error {{tirx::make_tensor_map: a static stride (Mode, Stride below, in elements of Bytes bytes) is no multiple of 16 bytes; the TMA unit steps by multiples of 16 bytes: pad the mode, or make the stride dyn and pad at run time}}
#define TIRX_HOST_CUDA_RUNTIME
#include <tirx/host/dyn_tensor_map.hpp>

namespace dyn_tensor_map_stride_bytes {
void f() {
  using X = tirx::DynTensor<float, tirx::Extents<tirx::dyn, 6>, tirx::Strides<6, 1>>;
  auto map = tirx::make_tensor_map<tirx::shape(8, 4)>(X{});
  (void)map;
}
} // namespace dyn_tensor_map_stride_bytes
