// Must not compile: a load's address operand given as a value, not a pointer.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: this operand is the instruction's memory (Operand below), which ptx_call takes as a pointer to the atom or a one-element tensor; pass its address (e.g. &x[i]), not a value}}
#include <tirx/tile.hpp>

namespace call_memory {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
#ifdef TIRX_FIXED
  float d = 0.0f;
  ptx_call<"ld.global.f32">(d, in + threadIdx.x);
  out[threadIdx.x] = d;
#else
  float d = 0.0f;
  ptx_call<"ld.global.f32">(d, in[threadIdx.x]);
  out[threadIdx.x] = d;
#endif
}

} // namespace call_memory
