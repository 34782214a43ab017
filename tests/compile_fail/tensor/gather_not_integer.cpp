// Must not compile: float indices.
// expected-error {{tirx::Tensor::gather: the indices must be integers (int32, uint32, int64, uint16, ...; not bool or float); declare the index tensor with an integer element type}}
#include <tirx/tile.hpp>

using namespace tirx;

void gather_not_integer(float* p, float* i) {
  auto table = decl_tensor<GlobalTensor<float, ShapeT<64, 8>>>(p);
  auto ids = decl_tensor<GlobalTensor<float, ShapeT<4>>>(i);
  auto bad = table.gather(ids);
}
