// Must not compile: .L2::cache_hint applies to .global atomics only.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: atom/red: .L2::cache_hint applies to .global only (shared memory has no L2 policy); drop it or use a .global tensor}}
#include <tirx/tile.hpp>

namespace atom_hint_space {
using namespace tirx;

__global__ void kernel(unsigned* out) {
  auto count = alloc_shared<unsigned, shape(1)>();
  auto old = alloc_local<unsigned, shape(1)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"atom.shared::cta.add.u32">>(old, count, 1u, scope::thread);
#else
  tile::apply<ptx<"atom.shared::cta.add.L2::cache_hint.u32">>(
      old, count, 1u, scope::thread, tile::cache_hint(policy::evict_last()));
#endif
  out[threadIdx.x] = old(0);
}

} // namespace atom_hint_space
