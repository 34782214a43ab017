// Must not compile: atom.inc takes .u32 only (PTX's op x type table); apply names the rule
// and the types each operation takes.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: atom/red: the operation does not take this type (and/or/xor/exch/cas: b32 b64; inc/dec: u32; min/max: u32 s32 u64 s64; add: u32 s32 u64 f32 f64, .noftz f16 f16x2 bf16 bf16x2; vectors: add f32, add/min/max .noftz halves); pick one of these}}
#include <tirx/tile.hpp>

namespace atom_op_type {
using namespace tirx;

__global__ void kernel(unsigned* counter, unsigned* out) {
  auto c = decl_tensor<GlobalTensor<unsigned, ShapeT<1>>>(counter);
  auto old = alloc_local<unsigned, shape(1)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"atom.global.inc.u32">>(old, c, 15u, scope::thread);
#else
  tile::apply<ptx<"atom.global.inc.s32">>(old, c, 15u, scope::thread);
#endif
  out[threadIdx.x] = old(0);
}

} // namespace atom_op_type
