// Must not compile: a Tensor whose shape (4 elements) and layout (8 elements) differ.
// tirx-fail: host nvcc
// expected-error {{tirx::Tensor: the shape and the layout must have the same number of elements; give a layout whose shard extents multiply to the shape's size}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = Tensor<float, ShapeT<4>, MemScope::global, 4, layout_type<S(8)>>;
Bad unused{nullptr};
