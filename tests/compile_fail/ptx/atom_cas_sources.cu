// Must not compile: atom.cas takes the compare and the new value (two sources after the
// address); apply says how many sources the spelling takes.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: wrong number of sources for the opcode (Given sources below, where it takes Min to Max, not counting the destination); pass the operands in PTX order: dst, a, b, ...}}
#include <tirx/tile.hpp>

namespace atom_cas_sources {
using namespace tirx;

__global__ void kernel(unsigned* lock, unsigned* out) {
  auto l = decl_tensor<GlobalTensor<unsigned, ShapeT<1>>>(lock);
  auto old = alloc_local<unsigned, shape(1)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"atom.global.cas.b32">>(old, l, 0u, 1u, scope::thread);
#else
  tile::apply<ptx<"atom.global.cas.b32">>(old, l, 1u, scope::thread);
#endif
  out[threadIdx.x] = old(0);
}

} // namespace atom_cas_sources
