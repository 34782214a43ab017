// Must not compile: the half-precision atom/red adds are spelled with .noftz (PTX requires it).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: atom/red: the half-precision forms need .noftz after the operation, e.g. "atom.global.add.noftz.f16x2"}}
#include <tirx/tile.hpp>

namespace atom_half_noftz {
using namespace tirx;

__global__ void kernel(unsigned* acc) {
  auto a = decl_tensor<GlobalTensor<unsigned, ShapeT<1>>>(acc);
#ifdef TIRX_FIXED
  tile::apply<ptx<"red.global.add.noftz.f16x2">>(a, 0x3c003c00u, scope::thread);
#else
  tile::apply<ptx<"red.global.add.f16x2">>(a, 0x3c003c00u, scope::thread);
#endif
}

} // namespace atom_half_noftz
