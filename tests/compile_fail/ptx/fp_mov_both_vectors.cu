// Must not compile: mov.b64 with a brace vector on both sides (32-bit
// elements in the destination and the source); PTX's pack and unpack forms
// move between a vector and one register of the type's width.
// With -DTIRX_FIXED it compiles: the source is one 64-bit register.
// expected-error {{tirx::tile::apply: mov: both operands are register vectors ({a, b}); PTX packs a vector into one register or unpacks one: give one side elements of the type's width}}
#include <tirx/tile.hpp>

namespace fp_mov_both_vectors {
using namespace tirx;

__global__ void kernel(unsigned* out, unsigned long long* in) {
  auto d = alloc_local<unsigned, shape(2)>();
#ifdef TIRX_FIXED
  auto s = alloc_local<unsigned long long, shape(1)>();
  s.data()[0] = in[threadIdx.x];
#else
  auto s = alloc_local<unsigned, shape(2)>();
  s.data()[0] = static_cast<unsigned>(in[threadIdx.x]);
  s.data()[1] = 0;
#endif
  tile::apply<ptx<"mov.b64">>(d, s, scope::thread);
  out[threadIdx.x] = d.data()[0] + d.data()[1];
}

} // namespace fp_mov_both_vectors
