// Must not compile: nine modes.
// expected-error {{tirx::Extents: a tensor has 1 to 8 modes; merge modes or split the tensor}}
#include <tirx/tensor/dyn_tensor.hpp>

namespace dyn_extents_rank {
void f([[maybe_unused]] float* p) {
  using E = tirx::Extents<2, 2, 2, 2, 2, 2, 2, 2, 2>;
  (void)E::rank;
}
} // namespace dyn_extents_rank
