// Must not compile: setp writes predicates, which live in bool tensors; an
// int destination is refused (Operand::pred).
// With -DTIRX_FIXED it compiles: the destination is a bool tensor.
// expected-error {{tirx::tile::apply: a predicate operand (setp's destinations, selp's c, the BoolOp c of setp/set) holds bool elements: a bool tensor (alloc_local<bool, ...>) or a bool scalar; compare an integer first, e.g. setp.ne.s32 p, x, 0}}
#include <tirx/tile.hpp>

namespace setp_pred_not_bool {
using namespace tirx;

__global__ void kernel(const int* x, int* out) {
  auto a = alloc_local<int, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    a(i) = x[i];
#ifdef TIRX_FIXED
  auto p = alloc_local<bool, shape(4), row_major(shape(4))>();
#else
  auto p = alloc_local<int, shape(4), row_major(shape(4))>();
#endif
  tile::apply<ptx<"setp.lt.s32">>(p, a, 0, scope::thread);
  out[0] = p(0);
}

} // namespace setp_pred_not_bool
