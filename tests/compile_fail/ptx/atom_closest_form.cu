// Must not compile: tirx spells the CTA's shared window .shared::cta on atom and red; apply
// names the closest form atom has.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "atom.shared::cta.add.u32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace atom_closest_form {
using namespace tirx;

__global__ void kernel(unsigned* out) {
  auto c = alloc_shared<unsigned, shape(1)>();
  auto old = alloc_local<unsigned, shape(1)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"atom.shared::cta.add.u32">>(old, c, 1u, scope::thread);
#else
  tile::apply<ptx<"atom.shared.add.u32">>(old, c, 1u, scope::thread);
#endif
  out[threadIdx.x] = old(0);
}

} // namespace atom_closest_form
