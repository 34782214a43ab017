// Must not compile: a memory operand that is a tensor of four elements.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: takes scalars (one thread's values) and, for a memory operand, a pointer or a one-element tensor; for tensor operands call tile::apply<ptx<"...">>(dst, sources..., scope)}}
#include <tirx/tile.hpp>

namespace call_memory_tensor {
using namespace tirx;
using One = GlobalTensor<const float, ShapeT<1>>;
using Four = GlobalTensor<const float, ShapeT<4>>;

__global__ void kernel(float* out, const float* in) {
#ifdef TIRX_FIXED
  float d = 0.0f;
  ptx_call<"ld.global.f32">(d, One{in + threadIdx.x});
  out[threadIdx.x] = d;
#else
  float d = 0.0f;
  ptx_call<"ld.global.f32">(d, Four{in + 4 * threadIdx.x});
  out[threadIdx.x] = d;
#endif
}

} // namespace call_memory_tensor
