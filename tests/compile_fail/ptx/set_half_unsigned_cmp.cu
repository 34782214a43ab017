// Must not compile: the half-precision set has no unsigned comparisons
// (PTX ISA 9.7.8.1 spells no lo/ls/hi/hs, though 9.7.7's set.lo.u32.u32
// exists); the report names the closest form tirx emits.
// With -DTIRX_FIXED it compiles: the ordered lt.
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "set.lt.f16.u32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace set_half_unsigned_cmp {
using namespace tirx;

__global__ void kernel(const unsigned* x, unsigned short* out) {
  auto a = alloc_local<unsigned, shape(4), row_major(shape(4))>();
  auto d = alloc_local<unsigned short, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    a(i) = x[i];
#ifdef TIRX_FIXED
  tile::apply<ptx<"set.lt.f16.u32">>(d, a, 7u, scope::thread);
#else
  tile::apply<ptx<"set.lo.f16.u32">>(d, a, 7u, scope::thread);
#endif
  out[threadIdx.x] = d(0);
}

} // namespace set_half_unsigned_cmp
