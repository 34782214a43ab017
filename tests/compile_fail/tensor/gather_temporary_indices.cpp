// Must not compile: a gather through a temporary register tile of indices.
// expected-error {{tirx::Tensor::gather: a gather through a temporary register tile of indices would dangle (its registers die at the end of the expression); name the index tile (auto rows = alloc_local<...>();) and gather through that variable}}
#include <tirx/tile.hpp>

using namespace tirx;

void gather_temporary_indices(float* p) {
  auto table = decl_tensor<GlobalTensor<float, ShapeT<64, 8>>>(p);
  auto bad = table.gather(alloc_local<int, shape(4)>());
}
