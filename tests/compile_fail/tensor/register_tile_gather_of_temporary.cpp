// Must not compile: gather of a temporary register tile (the table).
// expected-error {{tirx::Tensor::gather: a view of a temporary register tile would dangle (its registers die at the end of the expression); name the tile (auto regs = alloc_local<...>();) and take views of that variable}}
#include <tirx/tile.hpp>

using namespace tirx;

void register_tile_gather_of_temporary(int* i) {
  auto ids = decl_tensor<GlobalTensor<int, ShapeT<4>>>(i);
  auto bad = alloc_local<float, shape(16, 4)>().gather(ids);
}
