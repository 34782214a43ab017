// Must not compile: lop3's BoolOp is .or or .and (PTX has no lop3.xor.b32);
// the report names the closest form tirx emits.
// With -DTIRX_FIXED it compiles: the .or spelling.
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "lop3.or.b32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace plogic_unsupported {
using namespace tirx;

__global__ void kernel(const unsigned* x, unsigned* out) {
  auto a = alloc_local<unsigned, shape(4), row_major(shape(4))>();
  auto d = alloc_local<unsigned, shape(4), row_major(shape(4))>();
  auto p = alloc_local<bool, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    a(i) = x[i];
#ifdef TIRX_FIXED
  tile::apply<ptx<"lop3.or.b32">>(d, p, a, a, a, tile::imm<0xfe>, true, scope::thread);
#else
  tile::apply<ptx<"lop3.xor.b32">>(d, p, a, a, a, tile::imm<0xfe>, true, scope::thread);
#endif
  out[0] = d(0) + p(0);
}

} // namespace plogic_unsupported
