// Must not compile: the indices are a raw pointer, not a tensor.
// expected-error {{tirx::Tensor::gather: the indices must be a tirx tensor of integers (a register tile from alloc_local, or a shared or global tensor); wrap a pointer with decl_tensor<...>(p)}}
#include <tirx/tile.hpp>

using namespace tirx;

void gather_not_a_tensor(float* p, int* ids) {
  auto table = decl_tensor<GlobalTensor<float, ShapeT<64, 8>>>(p);
  auto bad = table.gather(ids);
}
