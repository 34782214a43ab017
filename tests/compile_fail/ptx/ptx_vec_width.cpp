// Must not compile: ptx_vec with a vector of 3.
// expected-error {{tirx::ptx_vec: the vector width must be 1, 2, 4 or 8}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void ptx_vec_width() {
  using bad = tirx::ptx_vec<"ld.global", 3, "b32">;
  (void)bad::desc;
}
