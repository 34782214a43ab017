// Must not compile: mov.b32 unpacked into 8-bit elements. A register vector
// holds 16-bit or wider registers (inline asm has no 8-bit register), so an
// 8-bit destination is an operand of the wrong width.
// With -DTIRX_FIXED it compiles: two 16-bit halves.
// expected-error {{tirx::tile::apply: dtype width must match the instruction: each operand's element width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves}}
#include <tirx/tile.hpp>

namespace fp_mov_vector_width {
using namespace tirx;

__global__ void kernel(unsigned* out, const unsigned* in) {
#ifdef TIRX_FIXED
  auto d = alloc_local<unsigned short, shape(2)>();
#else
  auto d = alloc_local<unsigned char, shape(4)>();
#endif
  auto s = alloc_local<unsigned, shape(1)>();
  s.data()[0] = in[threadIdx.x];
  tile::apply<ptx<"mov.b32">>(d, s, scope::thread);
  out[threadIdx.x] = d.data()[0];
}

} // namespace fp_mov_vector_width
