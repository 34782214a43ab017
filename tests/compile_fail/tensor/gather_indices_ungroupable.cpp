// Must not compile: indices whose layout S[(3, 4) : (1, 3)] does not split as (2, 6).
// expected-error {{tirx::Tensor::gather: the index tensor's layout does not split along its shape's modes; view<...>() the indices to a shape that follows their layout}}
#include <tirx/tile.hpp>

using namespace tirx;

void gather_indices_ungroupable(float* p, int* i) {
  auto table = decl_tensor<GlobalTensor<float, ShapeT<64, 8>>>(p);
  Tensor<int, ShapeT<2, 6>, MemScope::global, 4, layout_type<S({3, 4}, {1, 3})>> ids{i};
  auto bad = table.gather(ids);
}
