// Must not compile: a Tensor whose shape (4 elements) and layout (8 elements) differ.
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = Tensor<float, ShapeT<4>, Scope::global, 4, layout_type<S(8)>>;
Bad unused{nullptr};
